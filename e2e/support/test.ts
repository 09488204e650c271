import { test as base } from '@playwright/test';
import { DONATION_DIALOG_DISMISSED_KEY } from '../../client/src/features/donate/donation-dialog-dismissal';
import { FakeScoresFeed } from '../../server/src/test/fake-scores-feed';
import { startSmtpServer, type TestSmtpServer } from '../../server/src/test/smtp-server';
import { startAppServer, type AppServer } from './app-server';
import { People } from './people';

export { expect } from '@playwright/test';

/** What every browser has in the app's local storage: it has answered the donation dialog. */
const ANSWERED_DONATION = [{ name: DONATION_DIALOG_DISMISSED_KEY, value: 'e2e' }];

/**
 * Every spec imports `test` and `expect` from here. Each worker starts the built server on
 * a fresh database of its own (with the operator registered first), and every page and
 * `browser.newContext()` of its tests points at it through `baseURL`. Tests of one file run
 * in order in one worker; files run in parallel in several workers. Each test gets a new
 * browser context for its `page` (Playwright's own) and one for each of its `people`.
 */
export const test = base.extend<
  { people: People },
  { appServer: AppServer; mailbox: TestSmtpServer; scoresFeed: FakeScoresFeed }
>({
  /** The worker's scores feed: a real HTTP server in ESPN's shape, whose games a spec sets. */
  scoresFeed: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const feed = await FakeScoresFeed.start();
      await use(feed);
      await feed.stop();
    },
    { scope: 'worker' },
  ],
  /** The worker's SMTP server: what the app mails (codes, reminders, nudges) lands here. */
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ mailbox, scoresFeed }, use, workerInfo) => {
      const server = await startAppServer(`w${workerInfo.workerIndex}`, {
        smtpUrl: mailbox.url,
        scoresFeedUrl: scoresFeed.url,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  people: async ({ browser }, use) => {
    const people = new People(browser);
    await use(people);
    await people.close();
  },
  baseURL: async ({ appServer }, use) => use(appServer.url),
  // Every browser has already answered the donation dialog, so it does not cover the
  // signed-in home in tests about something else; e2e/donate.spec.ts clears this.
  storageState: async ({ baseURL }, use) =>
    use({ cookies: [], origins: [{ origin: baseURL ?? '', localStorage: ANSWERED_DONATION }] }),
});
