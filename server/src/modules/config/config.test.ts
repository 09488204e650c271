import { describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env';
import { createTestApp, registerUser } from '../../test/test-app';

const DONATE_URL = 'https://example.org/donate?via=pickem';

const configured = await createTestApp({ donateUrl: DONATE_URL });
const unconfigured = await createTestApp();

describe('GET /api/config', () => {
  it('gives a signed-out visitor the donation page from the configuration', async () => {
    const response = await configured.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ donateUrl: DONATE_URL, email: false });
  });

  it('gives a signed-in user the same answer', async () => {
    const ann = await registerUser(configured.app);
    const response = await ann.request({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({ donateUrl: DONATE_URL, email: false });
  });

  it('answers null when no donation page is configured, so the client hides Donate', async () => {
    const response = await unconfigured.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ donateUrl: null, email: false });
  });
});

describe('DONATE_URL', () => {
  it('is optional', () => {
    expect(readEnv({}).DONATE_URL).toBeUndefined();
    expect(readEnv({ DONATE_URL: '' }).DONATE_URL).toBeUndefined();
  });

  it('accepts an http or https address', () => {
    expect(readEnv({ DONATE_URL: DONATE_URL }).DONATE_URL).toBe(DONATE_URL);
    expect(readEnv({ DONATE_URL: 'http://localhost:8080/give' }).DONATE_URL).toBe(
      'http://localhost:8080/give',
    );
  });

  it.each(['javascript:alert(1)', 'ftp://example.org/donate', 'example.org/donate'])(
    'stops the server on %s, naming the variable',
    (value) => {
      expect(() => readEnv({ DONATE_URL: value })).toThrow(/DONATE_URL/);
    },
  );
});
