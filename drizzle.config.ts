import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/src/db/schema.ts (`npm run db:generate`)
// and applied at start-up by Drizzle's runtime migrator.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
