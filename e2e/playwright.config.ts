import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * The browser tests drive the built app (`npm run build`). Files run in parallel, one per
 * worker; each worker has its own server on its own database (e2e/support/test.ts), so
 * nothing a test does is seen by a test in another worker. E2E_WORKERS overrides the count.
 */
const workers = Number(
  process.env.E2E_WORKERS ?? Math.min(4, Math.max(2, os.availableParallelism())),
);

/**
 * Chromium keeps only the last `--disable-features` it is given, so this list repeats
 * Playwright's own (playwright-core's chromiumSwitches.ts, 1.65; e2e/support/test.ts fails
 * a run whose browser lost any of them) and adds the omnibox popup. Chromium 156 builds the
 * popup as a web page in a renderer of its own for every browser window, and headless
 * Chromium opens a window for each context: about 0.7 busy core-seconds a context for a
 * popup nobody sees (decision 0037).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export default defineConfig({
  testDir: '.',
  // One folder per run: runs side by side must not delete each other's traces. (Workers
  // load this file too and inherit the name through the environment.)
  outputDir: `../test-results/${(process.env.PICKEM_E2E_RUN_DIR ??= `run-${process.pid}`)}`,
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  // Generous: CI and shared machines can be slow; a test that fails must fail for a reason.
  timeout: 180_000,
  expect: { timeout: 15_000 },
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
    // The default page of each test is a cleared page of the worker's pool, not a new
    // context: e2e/support/test.ts and people.ts (decision 0037).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
