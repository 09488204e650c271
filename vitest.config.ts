import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@client': fromRoot('./client/src'),
    },
  },
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    // One PostgreSQL cluster for the whole run (embedded, or DATABASE_URL's server);
    // every test file gets a fresh database of its own on it.
    globalSetup: ['server/src/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
