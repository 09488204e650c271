import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from './open-database';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pickem-persist-'));
await chmod(dataDir, 0o755);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the embedded database (no DATABASE_URL)', () => {
  it('keeps every account across a stop and a start', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    const app = await buildApp({ db: first.db });
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'persistent', displayName: 'Still Here', password: 'abc' },
    });
    expect(registered.statusCode).toBe(201);
    await app.close();
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    // Every commit reaches the disk: the app's cluster keeps PostgreSQL's durable defaults
    // (only a test run's own throwaway cluster turns them off).
    const { rows } = await second.pool.query<Record<string, string>>(
      `select current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit,
              current_setting('full_page_writes') as full_page_writes`,
    );
    expect(rows[0]).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    const again = await buildApp({ db: second.db });
    const login = await again.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'persistent', password: 'abc' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.displayName).toBe('Still Here');
    await again.close();
    await second.close();
  });
});
