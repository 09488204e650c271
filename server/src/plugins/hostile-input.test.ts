import { describe, expect, it } from 'vitest';
import { createTestApp, registerUser } from '../test/test-app';
import { exceedsDepth, MAX_JSON_DEPTH, TOO_DEEP } from './json-body';
import { findNul } from './reject-nul';

const { app } = await createTestApp();

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);

describe('bodies that cannot hurt', () => {
  it('refuses a body nested deeper than the limit with a clear 400, before parsing it', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login', '/api/auth/logout']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"username":${nested(8_000)}}`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: TOO_DEEP });
    }
  });

  it('still reads a body nested to the limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`,
    });
    // Parsed, then refused by the schema: the depth check let it through.
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toBe(TOO_DEEP);
  });

  it('refuses a body over the size limit with 413 and a message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2_000_000), displayName: 'x', password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large' });
  });

  it('answers empty, malformed and prototype-poisoning JSON with 400', async () => {
    for (const payload of ['', '{"a":', '{"__proto__":{"isAdmin":true}}']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('names the field of a NUL character deep in a body, without recursing', async () => {
    const user = await registerUser(app);
    const response = await user.request({
      method: 'POST',
      url: '/api/groups',
      payload: { name: 'ok', activeSports: ['NFL'], extra: { a: [{ b: 'x\u0000' }] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'extra.a.0.b': ['Text cannot contain NUL characters'],
    });
  });
});

describe('findNul and exceedsDepth', () => {
  it('walk a value far deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = { k: deep };
    expect(findNul(deep)?.split('.').length).toBe(200_000);
    expect(findNul({ a: 'fine', b: ['also fine'] })).toBeUndefined();
    expect(findNul({ ['bad\u0000key']: 1 })).toBe('badkey');
  });

  it('count depth outside strings only', () => {
    expect(exceedsDepth('{"a":"[[[[[[[[[["}', 3)).toBe(false);
    expect(exceedsDepth('{"a":"\\"[[[[["}', 3)).toBe(false);
    expect(exceedsDepth('[[[[1]]]]', 3)).toBe(true);
    expect(exceedsDepth('[[[1]]]', 3)).toBe(false);
  });
});
