import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { picksOf } from '../modules/props/props-test-kit';
import { seedGroup, seedProp } from '../test/group-fixtures';
import { createTestApp, createTestDatabase, registerUser } from '../test/test-app';
import { COMPRESS_THRESHOLD } from '../http/compression';

const { app, database } = await createTestApp();
const db = database.db;
const leader = await registerUser(app, { displayName: 'Lea' });
const member = await registerUser(app, { displayName: 'Max' });
const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
const props = await Promise.all(
  Array.from({ length: 8 }, (_, index) =>
    seedProp(db, { groupId: group.id, title: `Prop number ${index}` }),
  ),
);
const propsUrl = `/api/predictions/group/${group.id}`;

describe('compressed JSON answers', () => {
  it('answers br or gzip as asked, and the body decodes to the same JSON', async () => {
    const plain = await member.request({ method: 'GET', url: propsUrl });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await member.request({
      method: 'GET',
      url: propsUrl,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await member.request({
      method: 'GET',
      url: propsUrl,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a list read again as the same bytes, and the new list once it has changed', async () => {
    const read = async () => {
      const response = await member.request({
        method: 'GET',
        url: propsUrl,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const list = JSON.parse(brotliDecompressSync(response.rawPayload).toString());
      return { bytes: response.rawPayload, list: list as { id: number; myPick: unknown }[] };
    };
    const first = await read();
    const again = await read();
    expect(again.bytes.equals(first.bytes)).toBe(true);

    const propId = Number(props[2]?.id);
    const pick = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: propId, selectedOption: 'A' },
    });
    expect(pick.statusCode).toBe(201);
    const after = await read();
    expect(first.list.find((prop) => prop.id === propId)?.myPick).toBeNull();
    expect(after.list.find((prop) => prop.id === propId)?.myPick).toMatchObject({
      selectedOption: 'A',
    });
    const plain = await member.request({ method: 'GET', url: propsUrl });
    expect(after.list).toEqual(plain.json());
  });

  it('follows the q-values of Accept-Encoding', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (
        await member.request({
          method: 'GET',
          url: propsUrl,
          headers: { 'accept-encoding': acceptEncoding },
        })
      ).headers['content-encoding'];
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await encodingFor('*')).toBe('br');
    expect(await encodingFor('identity')).toBeUndefined();
    expect(await encodingFor('deflate')).toBeUndefined();
  });

  it('leaves small answers plain', async () => {
    const response = await member.request({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body as unreadable, changing nothing', async () => {
    const response = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ predictionId: props[0]?.id, selectedOption: 'A' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
    expect(await picksOf(db, Number(props[0]?.id))).toEqual([]);
  });
});

describe('ETag and 304', () => {
  it('answers 304 with no body to a browser holding the same answer, until it changes', async () => {
    const first = await member.request({ method: 'GET', url: propsUrl });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await member.request({
      method: 'GET',
      url: propsUrl,
      headers: { 'if-none-match': String(tag), 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['content-encoding']).toBeUndefined();

    // The same tag whatever the encoding: it names the JSON, not the bytes on the wire.
    const compressed = await member.request({
      method: 'GET',
      url: propsUrl,
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers.etag).toBe(tag);

    const pick = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: props[0]?.id, selectedOption: 'A' },
    });
    expect(pick.statusCode).toBe(201);
    expect(pick.headers.etag).toBeUndefined();

    const changed = await member.request({
      method: 'GET',
      url: propsUrl,
      headers: { 'if-none-match': String(tag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json()).not.toEqual(first.json());
  });

  it('compares weakly and accepts a list of tags', async () => {
    const first = await member.request({ method: 'GET', url: '/api/auth/me' });
    const opaque = String(first.headers.etag).slice(2);
    for (const ifNoneMatch of [opaque, `"other", ${opaque}`, '*']) {
      const response = await member.request({
        method: 'GET',
        url: '/api/auth/me',
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(response.statusCode, ifNoneMatch).toBe(304);
    }
  });

  it('gives refusals no tag: a 404 stays a 404', async () => {
    const response = await member.request({
      method: 'GET',
      url: '/api/predictions/group/999999',
      headers: { 'if-none-match': '*' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
  });
});

describe('what this plugin leaves alone', () => {
  it('never compresses an event stream, nor the built client’s files', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'pickem-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(clientDir, 'assets', 'big.js'), 'console.log(1);\n'.repeat(500));
    const { database: otherDatabase } = await createTestDatabase();
    const other = await buildApp({ db: otherDatabase.db, clientDir });
    try {
      other.get('/api/test-stream', { config: { public: true } }, async (_request, reply) =>
        reply.type('text/event-stream').send(`data: ${'x'.repeat(4000)}\n\n`),
      );
      const big = { words: Array.from({ length: 400 }, (_, index) => `word ${index}`) };
      other.get('/api/test-big', { config: { public: true } }, async () => big);
      const stream = await other.inject({
        method: 'GET',
        url: '/api/test-stream',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body).toContain('data: xxx');

      // Any other JSON answer is compressed too (by its content's tag), and decodes as sent.
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        for (let read = 0; read < 2; read += 1) {
          const answer = await other.inject({
            method: 'GET',
            url: '/api/test-big',
            headers: { 'accept-encoding': encoding },
          });
          expect(answer.headers['content-encoding']).toBe(encoding);
          expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
          expect(JSON.parse(decode(answer.rawPayload).toString())).toEqual(big);
        }
      }

      const asset = await other.inject({
        method: 'GET',
        url: '/assets/big.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body).toContain('console.log(1);');
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
