import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Two projects: the pure tests (shared/, client/) start no database; the server's tests
// run the real app on PostgreSQL. `npx vitest run --project unit` runs only the first.
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@client': fromRoot('./client/src'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
          // console.error fails a test; components are unmounted after each. A client test
          // that renders says `// @vitest-environment happy-dom` at its top.
          setupFiles: ['client/src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          // Real server processes and PostgreSQL clusters of their own:
          // vitest.fault.config.ts, run after this suite.
          exclude: [...configDefaults.exclude, 'server/src/fault/**'],
          // One PostgreSQL cluster for the whole run (embedded, or DATABASE_URL's server);
          // every test file gets a fresh database of its own on it.
          globalSetup: ['server/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
