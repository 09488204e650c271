import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, HEADLESS_SHELL, NEEDS_NOTIFICATIONS } from './support/browsers';

/**
 * The browser tests drive the built app (`npm run build`). Files run in parallel, one per
 * worker; each worker has its own server on its own database (e2e/support/test.ts), so
 * nothing a test does is seen by a test in another worker. E2E_WORKERS overrides the count.
 */
const workers = Number(
  process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, os.availableParallelism())),
);

const desktopChrome = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: '.',
  // One folder per run: runs side by side must not delete each other's traces. (Workers
  // load this file too and inherit the name through the environment.)
  outputDir: `../test-results/${(process.env.PICKEM_E2E_RUN_DIR ??= `run-${process.pid}`)}`,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  // Generous: CI and shared machines can be slow; a test that fails must fail for a reason.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // One more try for a test that failed, reported as flaky in the summary (decision 0107).
  retries: 1,
  use: {
    // A trace records every action's DOM and screenshots: a quarter of the browser tests'
    // CPU (measured: 265 -> 200 s), thrown away when the test passes. A failure still
    // leaves its screenshot and error-context.md; E2E_TRACE=1 keeps a failing test's trace.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Each new browser context would install the service worker and precache the whole
    // app shell (86 files): a third of the CPU of a spec such as groups.spec.ts, in tests
    // that are not about it. e2e/installable-app.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    // Every browser asks for reduced motion: dialogs, toasts and spinners settle at once
    // instead of animating (measured: a tenth of the browser tests' time). Nothing here
    // tests an animation; the app honours the setting (styles.css).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: new RegExp(NEEDS_NOTIFICATIONS),
      use: { ...desktopChrome, launchOptions: { executablePath: HEADLESS_SHELL } },
    },
    {
      name: 'chromium with notifications',
      grep: new RegExp(NEEDS_NOTIFICATIONS),
      use: { ...desktopChrome, launchOptions: { executablePath: CHROMIUM } },
    },
  ],
});
