import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connect } from './client';
import { runMigrations } from './migrate';
import { ensureDatabase } from './open-database';

/** Migrations 0000-0032 as they were before the baseline replaced them. */
const migrationsBeforeBaseline = fileURLToPath(
  new URL('./baseline-test/migrations-0000-0032', import.meta.url),
);

const opened: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(opened.map((database) => database.close())));

/** An empty database of its own (not the suite's migrated template). */
async function emptyDatabase(): Promise<string> {
  const name = `${inject('testTemplateDatabase').replace('template', 'baseline')}_${randomBytes(3).toString('hex')}`;
  return ensureDatabase(inject('testAdminUrl'), name);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function runCurrentMigrations(url: string): Promise<void> {
  const database = connect(url, { max: 1 });
  opened.push(database);
  await runMigrations(database.pool);
}

const migrateOneByOne = (url: string) =>
  withClient(url, (client) =>
    migrate(drizzle(client), { migrationsFolder: migrationsBeforeBaseline }),
  );

/**
 * What the database is, from the catalog: every column (with its type, default, nullability
 * and identity), constraint, index, sequence, function and trigger of the app's schema, and
 * the rows a migration inserts.
 */
const CATALOG = {
  columns: `
    select c.relname, row_number() over (partition by c.oid order by a.attnum) as position,
      a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull, a.attidentity,
      a.attgenerated, pg_get_expr(d.adbin, d.adrelid) as default
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`,
  // NOT NULL is compared on the columns: PostgreSQL 18 also names it as a constraint, after
  // the column's name when it was created.
  constraints: `
    select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as definition
    from pg_constraint
    where connamespace = 'public'::regnamespace and contype <> 'n'
    order by 1, 2`,
  indexes: `
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
    order by 1, 2`,
  sequences: `
    select sequencename, data_type, start_value, increment_by, min_value, max_value,
      cache_size, cycle
    from pg_sequences where schemaname = 'public' order by 1`,
  functions: `
    select p.proname, pg_get_functiondef(p.oid) as definition
    from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`,
  triggers: `
    select tgname, pg_get_triggerdef(oid) as definition
    from pg_trigger where not tgisinternal order by 1`,
  masterPropsVersion: 'select * from master_props_version order by id',
};

async function catalogOf(url: string): Promise<Record<string, unknown[]>> {
  return withClient(url, async (client) => {
    const catalog: Record<string, unknown[]> = {};
    for (const [part, query] of Object.entries(CATALOG)) {
      catalog[part] = (await client.query(query)).rows;
    }
    return catalog;
  });
}

describe('the baseline migration', () => {
  it('builds the same database as migrations 0000-0032 applied one by one, then the rest', async () => {
    const [fresh, upgraded, upgradedBeforeDerivedFiles] = await Promise.all([
      emptyDatabase(),
      emptyDatabase(),
      emptyDatabase(),
    ]);
    await runCurrentMigrations(fresh);
    await migrateOneByOne(upgraded);
    await runCurrentMigrations(upgraded);
    // A database at 0040 from before the derived files: every function and trigger is there
    // already, and no file has been recorded as applied.
    await migrateOneByOne(upgradedBeforeDerivedFiles);
    await runCurrentMigrations(upgradedBeforeDerivedFiles);
    await withClient(upgradedBeforeDerivedFiles, (client) =>
      client.query('drop table drizzle.derived_sql'),
    );
    await runCurrentMigrations(upgradedBeforeDerivedFiles);

    const expected = await catalogOf(fresh);
    expect(expected.columns!.length).toBeGreaterThan(100);
    expect(expected.triggers!.length).toBeGreaterThan(30);
    expect(await catalogOf(upgraded)).toEqual(expected);
    expect(await catalogOf(upgradedBeforeDerivedFiles)).toEqual(expected);
  });

  it('is refused, with a clear message, by a database part-way through 0000-0032', async () => {
    const url = await emptyDatabase();
    await migrateOneByOne(url);
    // As if it had stopped at 0020: the journal keeps what was applied, in order.
    await withClient(url, (client) =>
      client.query(`delete from drizzle.__drizzle_migrations
        where id not in (select id from drizzle.__drizzle_migrations order by created_at limit 21)`),
    );
    await expect(runCurrentMigrations(url)).rejects.toThrow(/older than 0032_prop_events_by_join/);
  });
});
