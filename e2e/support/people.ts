import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  TestInfo,
} from '@playwright/test';
import { createAccount, openSignedInHome, uniqueName, type Account } from './app';

/**
 * The browsers of a test's people: each person is a page in a browser context of their own
 * (their own session cookie and storage), as if on their own device.
 *
 * A worker keeps the contexts its tests used and hands them to later tests cleared, since a
 * new context costs Chromium about 1.6 core-seconds where a cleared one with a new page
 * costs 1.0 (measured with Debian's Chromium 156: its headless mode opens a whole window per
 * context). What a cleared context keeps is nothing a test can see: its pages are closed,
 * its cookies, permissions, routes, HTTP cache and the app's local storage cleared, and it is
 * back online. A context whose test failed is closed instead, and so is one that cannot be
 * cleared: `{ clock: true }` gives a context of its own for a test that installs a clock,
 * since Playwright cannot uninstall one.
 */

export interface PersonOptions {
  viewport?: { width: number; height: number };
  /** Granted for the app's origin, e.g. `['clipboard-read', 'clipboard-write']`. */
  permissions?: string[];
  /** The test will install a clock in this person's browser: a context of its own. */
  clock?: boolean;
}

export interface Person {
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
  account: Account;
}

/** A worker's cleared contexts, waiting for the next test that needs one. */
export class ContextPool {
  private readonly idle: BrowserContext[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    /** The app's local storage every browser starts with (e2e/support/test.ts). */
    private readonly localStorage: readonly { name: string; value: string }[],
  ) {}

  /** A cleared context with one blank page, or a new one (with the test's own options). */
  async take(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = this.idle.pop();
    if (!context) return this.browser.newContext(options);
    if (options.permissions?.length) {
      await context.grantPermissions(options.permissions, { origin: this.baseURL });
    }
    return context;
  }

  /** Clears `context` for a later test; closes it if it cannot be. */
  async giveBack(context: BrowserContext): Promise<void> {
    try {
      for (const page of context.pages()) await page.close();
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.clearCookies();
      await context.clearPermissions();
      await context.setOffline(false);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      // A page of the app's origin that runs none of it, to reach its local storage.
      await page.goto(`${this.baseURL}/api/health`);
      await page.evaluate((entries) => {
        localStorage.clear();
        for (const { name, value } of entries) localStorage.setItem(name, value);
      }, this.localStorage);
      await page.goto('about:blank');
      this.idle.push(context);
    } catch {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((context) => context.close()));
  }
}

/** A test's people: `people.signUp(name)` for each; their browsers go back when it ends. */
export class People {
  private readonly pooled: BrowserContext[] = [];
  private readonly own: BrowserContext[] = [];

  constructor(
    private readonly pool: ContextPool,
    private readonly browser: Browser,
  ) {}

  /** A browser of a person's own, signed out, on a blank page. */
  async browse(options: PersonOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const { clock, viewport, permissions } = options;
    // Only what is asked for: a key set to undefined would hide the project's default.
    const asked = permissions ? { permissions } : {};
    let context: BrowserContext;
    if (clock) {
      context = await this.browser.newContext(asked);
      this.own.push(context);
    } else {
      context = await this.pool.take(asked);
      this.pooled.push(context);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    if (viewport) await page.setViewportSize(viewport);
    return { context, page };
  }

  /** A new account, signed up through the API in a browser of its own, on its home. */
  async signUp(displayName: string, options: PersonOptions = {}): Promise<Person> {
    const person = await this.account(displayName, options);
    await openSignedInHome(person.page);
    return person;
  }

  /**
   * A new account, signed up through the API in a browser of its own, on a blank page: for
   * a person the test takes somewhere else first, or uses through the API only.
   */
  async account(displayName: string, options: PersonOptions = {}): Promise<Person> {
    const { context, page } = await this.browse(options);
    const account = { displayName, username: uniqueName('u'), password: 'pass123' };
    await createAccount(page, account);
    return { context, page, request: page.request, account };
  }

  /**
   * At the test's end, each browser cleared for a later test, or closed when the test failed
   * (what it shows then is in the report: Playwright screenshots every open page of a failed
   * test, pooled ones included).
   */
  async release(testInfo: TestInfo): Promise<void> {
    const failed = testInfo.status !== testInfo.expectedStatus;
    for (const context of this.own) await context.close().catch(() => undefined);
    for (const context of this.pooled) {
      if (failed) await context.close().catch(() => undefined);
      else await this.pool.giveBack(context);
    }
  }
}
