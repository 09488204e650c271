import { readEnv } from './config/env';
import { openDatabase } from './db/open-database';
import { rebuildStandings } from './modules/standings/standings-rebuild';

/**
 * `npm run db:rebuild-standings`: recomputes every stored standing from picks and results
 * in one transaction (after a bulk load or a restore), on DATABASE_URL or the embedded
 * database in DATA_DIR, like the server.
 */
async function main() {
  const env = readEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const started = performance.now();
    const { standings, tallies } = await rebuildStandings(database.db);
    const ms = Math.round(performance.now() - started);
    console.log(
      `Rebuilt ${standings.length} standings in ${tallies.length} groups on ${database.description} (${ms} ms)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
