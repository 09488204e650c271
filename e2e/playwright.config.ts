import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DONATION_DIALOG_DISMISSED_KEY } from '../client/src/features/donate/donation-dialog-dismissal';

// A port of its own for each run, so runs side by side do not collide; workers load this
// file too and inherit the choice through the environment.
const PORT = Number((process.env.E2E_PORT ??= String(30_000 + Math.floor(Math.random() * 10_000))));
const baseURL = `http://127.0.0.1:${PORT}`;

// A fresh embedded database for every run. The postgres user must be able to enter the
// folder when the tests run as root.
// Workers load this file too; they inherit the folder through the environment.
const dataDir = (process.env.PICKEM_E2E_DATA_DIR ??= mkdtempSync(
  path.join(os.tmpdir(), 'pickem-e2e-'),
));
chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: '.',
  // One folder per run: runs side by side must not delete each other's traces.
  outputDir: `../test-results/run-${PORT}`,
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Every test's browser has already answered the donation dialog, so it does not cover
    // the signed-in home in tests about something else; e2e/donate.spec.ts clears this.
    storageState: {
      cookies: [],
      origins: [
        { origin: baseURL, localStorage: [{ name: DONATION_DIALOG_DISMISSED_KEY, value: 'e2e' }] },
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built client (vite build runs first) served by the real server.
    command: 'npx tsx server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Every test signs people up and in from 127.0.0.1.
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      NODE_ENV: 'test',
      // A donation page so the Donate button and dialog exist; tests never follow it.
      DONATE_URL: 'https://example.org/donate',
      // The operator's sheets for the admin panel's Sync (e2e/fixtures, games in 2030 so
      // they stay upcoming). With sources set, the example sheets are not loaded.
      MASTER_PROPS_SOURCE_NFL: path.resolve(import.meta.dirname, 'fixtures/master-props-nfl.csv'),
      MASTER_PROPS_SOURCE_NCAAF: path.resolve(
        import.meta.dirname,
        'fixtures/master-props-ncaaf.csv',
      ),
    },
  },
});
