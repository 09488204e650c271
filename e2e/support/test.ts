import { existsSync, readFileSync } from 'node:fs';
import { test as base, type Browser, type BrowserContextOptions } from '@playwright/test';
import { DONATION_DIALOG_DISMISSED_KEY } from '../../client/src/features/donate/donation-dialog-dismissal';
import { startAppServer, type AppServer } from './app-server';
import { ContextPool, People } from './people';

export { expect } from '@playwright/test';

/**
 * Chromium honours only the last `--disable-features`: playwright.config.ts's must still
 * hold every feature Playwright's own (the first) turns off, or an upgrade of Playwright
 * that adds one would be silently undone.
 */
async function expectPlaywrightsDisabledFeaturesKept(browser: Browser) {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  const browserProcess = processInfo.find((info) => info.type === 'browser');
  // Read from /proc (Linux, where the suite runs); elsewhere there is nothing to read.
  const commandLine = browserProcess && `/proc/${browserProcess.id}/cmdline`;
  if (!commandLine || !existsSync(commandLine)) return;
  const flag = '--disable-features=';
  const lists = readFileSync(commandLine, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith(flag))
    .map((arg) => arg.slice(flag.length).split(','));
  const [playwrights = [], effective = []] = [lists[0], lists.at(-1)];
  const lost = playwrights.filter((feature) => !effective.includes(feature));
  if (lost.length > 0) {
    throw new Error(`e2e/playwright.config.ts's --disable-features must keep ${lost.join(', ')}`);
  }
}

/** What every browser has in the app's local storage: it has answered the donation dialog. */
const ANSWERED_DONATION = [{ name: DONATION_DIALOG_DISMISSED_KEY, value: 'e2e' }];

/**
 * Every spec imports `test` and `expect` from here. Each worker starts the built server on
 * a fresh database of its own (with the operator registered first), and every page and
 * `browser.newContext()` of its tests points at it through `baseURL`. Tests of one file run
 * in order in one worker; files run in parallel in several workers. `people` gives a test
 * more browsers than its `page`, from contexts the worker's earlier tests left (people.ts).
 */
export const test = base.extend<
  {
    people: People;
    optionsKey: string;
    /** Playwright's own: the options it makes a test's contexts with (not set here). */
    _combinedContextOptions: BrowserContextOptions;
  },
  { appServer: AppServer; contextPool: ContextPool }
>({
  appServer: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const server = await startAppServer(`w${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  contextPool: [
    async ({ browser, appServer }, use) => {
      await expectPlaywrightsDisabledFeaturesKept(browser);
      const pool = new ContextPool(browser, appServer.url);
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  // The test's context options (the project's, with the spec's `test.use`) as a key: a
  // pooled context is handed only to a test that asks for one made the same way. Read from
  // Playwright's own merge of them, the fixture its contexts are made with.
  optionsKey: async ({ _combinedContextOptions }, use) =>
    use(JSON.stringify(_combinedContextOptions)),
  // The default page: a cleared page of the worker's pool (people.ts), not a new context or
  // page per test (a new page and its first load of the app cost about three times as much
  // as a page used again: decision 0037).
  context: async ({ contextPool, optionsKey }, use, testInfo) => {
    const context = await contextPool.take(optionsKey);
    await use(context);
    await contextPool.release(optionsKey, context, testInfo);
  },
  page: async ({ contextPool, context }, use) => use(await contextPool.pageOf(context)),
  people: async ({ contextPool, optionsKey }, use, testInfo) => {
    const people = new People(contextPool, optionsKey);
    await use(people);
    await people.release(testInfo);
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
  // Every browser has already answered the donation dialog, so it does not cover the
  // signed-in home in tests about something else; e2e/donate.spec.ts clears this.
  storageState: async ({ baseURL }, use) =>
    use({
      cookies: [],
      origins: [
        {
          origin: baseURL ?? '',
          localStorage: ANSWERED_DONATION,
        },
      ],
    }),
});
