import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The fault suite: the real server as child processes, each on a PostgreSQL of its own
 * that the tests start, stop and kill. One file at a time, after the main suite, so the
 * timings it asserts are not competing with the rest of the tests for the CPU.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['server/src/fault/**/*.fault.test.ts'],
    globalSetup: ['server/src/fault/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
