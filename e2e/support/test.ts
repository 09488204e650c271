import { test as base } from '@playwright/test';
import { DONATION_DIALOG_DISMISSED_KEY } from '../../client/src/features/donate/donation-dialog-dismissal';
import { startAppServer, type AppServer } from './app-server';

export { expect } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here. Each worker starts the built server on
 * a fresh database of its own (with the operator registered first), and every page and
 * `browser.newContext()` of its tests points at it through `baseURL`. Tests of one file run
 * in order in one worker; files run in parallel in several workers.
 */
export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const server = await startAppServer(`w${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
  // Every browser has already answered the donation dialog, so it does not cover the
  // signed-in home in tests about something else; e2e/donate.spec.ts clears this.
  storageState: async ({ baseURL }, use) =>
    use({
      cookies: [],
      origins: [
        {
          origin: baseURL ?? '',
          localStorage: [{ name: DONATION_DIALOG_DISMISSED_KEY, value: 'e2e' }],
        },
      ],
    }),
});
