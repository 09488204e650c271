import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface InstanceLock {
  release(): Promise<void>;
}

/**
 * One app per DATA_DIR: a second start must not touch the embedded PostgreSQL the first
 * runs. The lock is a listening Unix socket, so the kernel releases it when its process
 * dies, even by `kill -9` (a pid file would outlive it). On Linux it lives in the abstract
 * namespace; elsewhere it is a file in the folder. It answers with the holder's pid.
 */
export async function lockDataDir(dataDir: string): Promise<InstanceLock> {
  mkdirSync(dataDir, { recursive: true });
  const address = lockAddress(realpathSync(dataDir));
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  server.unref();
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(address);
    if (holder === null && !address.startsWith('\0')) {
      // A socket file left by a process that died: nobody answers it.
      rmSync(address, { force: true });
      await listen(server, address);
    } else {
      throw new Error(
        `Another Pick'em server${holder ? ` (pid ${holder})` : ''} is already running with ` +
          `DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR ` +
          '(or a DATABASE_URL).',
      );
    }
  }
  return {
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function lockAddress(folder: string): string {
  const digest = createHash('sha256').update(folder).digest('hex').slice(0, 32);
  return process.platform === 'linux'
    ? `\0pickem-data-dir-${digest}`
    : path.join(folder, '.pickem-instance.sock');
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** '' if it answers without one, null if none answers. */
function askHolder(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(address);
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer.trim()));
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(answer.trim() || null));
  });
}
