import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect } from './client';
import { runMigrations } from './migrate';
import { ensureDatabase } from './open-database';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string }[] };

// A database of its own, empty: not the suite's migrated template.
const name = `${inject('testTemplateDatabase').replace('template', 'migrate')}_${randomBytes(3).toString('hex')}`;
const url = await ensureDatabase(inject('testAdminUrl'), name);

const instances = Array.from({ length: 4 }, () => connect(url, { max: 2 }));
afterAll(() => Promise.all(instances.map((instance) => instance.close())));

describe('migrations', () => {
  it('are applied exactly once when several instances start at the same moment', async () => {
    await Promise.all(instances.map((instance) => runMigrations(instance.pool)));

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const applied = await check.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
      // The schema is there and usable: the tables the app starts with answer.
      const users = await check.query('select count(*)::int as n from users');
      expect(users.rows[0]).toEqual({ n: 0 });
    } finally {
      await check.end();
    }

    // A later start finds nothing to do.
    for (const instance of instances.slice(0, 1)) await runMigrations(instance.pool);
  });
});
