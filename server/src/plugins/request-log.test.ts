import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { builtClientDir } from '../test/built-client';
import { createTestApp } from '../test/test-app';

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const clientDir = await builtClientDir({
  'index.html': '<!doctype html><title>Pick&apos;em</title>',
  'robots.txt': 'User-agent: *',
});
const { app } = await createTestApp({ logger: { level: 'info', stream }, clientDir });

describe('the request log', () => {
  it('logs an API request once at info, with its method, path, status and time', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'GET', url: '/api/config?x=1' });
    expect(answer.statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(refused.statusCode).toBe(401);

    expect(
      lines.map(({ level, msg, method, path, status }) => ({ level, msg, method, path, status })),
    ).toEqual([
      { level: 30, msg: 'GET /api/config 200', method: 'GET', path: '/api/config', status: 200 },
      { level: 30, msg: 'GET /api/auth/me 401', method: 'GET', path: '/api/auth/me', status: 401 },
    ]);
    expect(lines.every((line) => typeof line.ms === 'number' && line.ms >= 0)).toBe(true);
  });

  it('does not log the client’s files or pages', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });
});
