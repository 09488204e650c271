import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** A client test that renders (Testing Library on happy-dom) is named `*.dom.test.ts(x)`. */
const DOM_TESTS = 'client/**/*.dom.test.{ts,tsx}';

const clientTestSettings = {
  // console.error fails a test; components are unmounted after each.
  setupFiles: ['client/src/test/setup.ts'],
  // Files share a worker's module cache instead of importing React, zod and the client
  // afresh each (measured: 43 -> 17 s of CPU). Each file still gets a fresh environment
  // (its own happy-dom window and globals), and setup.ts restores mocks and unmounts after
  // every test; the projects pass in shuffled orders (--sequence.shuffle).
  isolate: false,
  // A dialog's chunk is imported in the middle of a test: on a busy machine that can pass
  // the default 5 s (a timeout is for a hang, not a slow machine).
  testTimeout: 20_000,
};

// Three projects: the pure tests (shared/, client/, scripts/) and the client's rendering
// tests start no database; the server's tests run the real app on PostgreSQL.
// `npx vitest run --project unit --project dom` runs the first two.
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fromRoot('./shared'),
      '@client': fromRoot('./client/src'),
    },
  },
  test: {
    // One worker more than the cores: `npm test` runs these beside the lint, the fault tests
    // and the build, and the server tests spend much of their time waiting (on PostgreSQL,
    // on the server processes they start, on a push batch or a lock sweep), so a third
    // worker on two cores fills those waits. Measured on 2 cores, that phase (decision
    // 0037, session 24): 71 – 77 s with two workers, 61 – 74 s with three, the same busy
    // core-seconds; four (two per core) cost 194 – 213 against 185 – 186 in session 21.
    // Four at most, so the databases' connections stay well under PostgreSQL's default 100.
    maxWorkers: Math.min(4, availableParallelism() + 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, DOM_TESTS],
          ...clientTestSettings,
        },
      },
      {
        extends: true,
        test: {
          // The client tests that render (Testing Library) or need a window: a project of
          // their own, so that one environment serves every file. Vitest hands a worker
          // the next file only when that file's project and environment are the worker's;
          // with happy-dom and Node files mixed in one project, a new worker started
          // for almost every file (measured: 60 files, 15 workers, 22 – 25 busy
          // core-seconds; split, 15).
          name: 'dom',
          include: [DOM_TESTS],
          environment: 'happy-dom',
          ...clientTestSettings,
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
          // Files share a worker's module cache (Fastify, Drizzle, zod and the app are
          // imported once per worker, not once per file: 100 -> 59 s of CPU). Each file
          // still builds its own app on its own database, so no state is shared.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
