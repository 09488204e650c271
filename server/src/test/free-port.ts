import { createServer } from 'node:net';

/**
 * A port nothing listens on right now (the OS picks it), for a real server process in a
 * test, the fault suite, the browser tests or the bench.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
