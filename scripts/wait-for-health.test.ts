import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForHealth } from './wait-for-health.mjs';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server on 127.0.0.1 whose readiness answers 503 until `readyAfter` requests. */
async function healthServer(readyAfter: number): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  server = createServer((request, response) => {
    if (request.url !== '/api/health/ready') return void response.writeHead(404).end();
    asked += 1;
    response.writeHead(asked > readyAfter ? 200 : 503).end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked: () => asked };
}

describe('waitForHealth', () => {
  it('resolves once readiness answers 200, asking again until then', async () => {
    const app = await healthServer(2);
    await waitForHealth(app.url, { hasExited: () => false, intervalMs: 10 });
    expect(app.asked()).toBe(3);
  });

  it('fails at once when the process has exited, with what it printed', async () => {
    const app = await healthServer(Infinity);
    await expect(
      waitForHealth(app.url, { hasExited: () => true, output: () => 'port in use' }),
    ).rejects.toThrow(/exited while starting:\nport in use/);
    expect(app.asked()).toBe(0);
  });

  it('gives up after its timeout', async () => {
    const app = await healthServer(Infinity);
    await expect(
      waitForHealth(app.url, { hasExited: () => false, timeoutMs: 200, intervalMs: 20 }),
    ).rejects.toThrow(/was not ready within 0.2 s/);
    expect(app.asked()).toBeGreaterThan(1);
  });

  it('keeps asking while nothing listens yet', async () => {
    const url = 'http://127.0.0.1:9';
    await expect(
      waitForHealth(url, { hasExited: () => false, timeoutMs: 100, intervalMs: 20 }),
    ).rejects.toThrow(/not ready/);
  });
});
