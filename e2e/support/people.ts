import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  TestInfo,
} from '@playwright/test';
import { createAccount, openSignedInHome, uniqueName, type Account } from './app';
import { changedLastingly, watchContext, watchPage } from './lasting-changes';

/**
 * The browsers of a test: its `page` (e2e/support/test.ts) and its people's, each person a
 * page in a browser context of their own (their own session cookie and storage), as if on
 * their own device.
 *
 * A worker keeps the contexts its tests used, each with its page, and hands them to later
 * tests cleared. New ones are what costs: in Debian's Chromium 156 a new context costs about
 * 1.6 core-seconds and a new page with its first load of the app about 1.0 (a new renderer
 * process and a new headless window), where the same page cleared and loading the app again
 * costs about 0.3 (decision 0037). What a cleared context keeps is nothing a test can see:
 * its other pages are closed; its cookies, permissions, routes, HTTP cache and the app's
 * local and session storage are as a new context of its kind starts them; it is online; the listeners and routes a test put
 * on its page are removed and the page is back on its first viewport, waiting on a page of
 * the app's origin that runs none of the app. A context or page that a test changed in a
 * way Playwright cannot undo (a clock, an init script: lasting-changes.ts) is closed when
 * the test ends, and so is every context of a test that failed.
 */

/** The events a test may listen to on a page; removed before the page is handed on. */
const PAGE_EVENTS_OF_TESTS = [
  'console',
  'dialog',
  'domcontentloaded',
  'download',
  'filechooser',
  'frameattached',
  'framedetached',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket',
  'worker',
] as const;

export interface PersonOptions {
  viewport?: { width: number; height: number };
  /** Granted for the app's origin, e.g. `['clipboard-read', 'clipboard-write']`. */
  permissions?: string[];
}

export interface Person {
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
  account: Account;
}

/**
 * A worker's cleared contexts, waiting for a later test made with the same options (a key
 * of the test's context options: a spec's `test.use` gets contexts of its own kind).
 */
export class ContextPool {
  private readonly idle = new Map<string, BrowserContext[]>();
  /** The viewport each pooled page started with. */
  private readonly firstViewports = new WeakMap<Page, { width: number; height: number } | null>();

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
  ) {}

  /** A cleared context made with the options `optionsKey` stands for, or a new one. */
  async take(optionsKey: string, permissions: string[] = []): Promise<BrowserContext> {
    const context = this.idle.get(optionsKey)?.pop();
    if (!context) {
      // Only what is asked for: a key set to undefined would hide the project's default.
      return watchContext(await this.browser.newContext(permissions.length ? { permissions } : {}));
    }
    if (permissions.length) await context.grantPermissions(permissions, { origin: this.baseURL });
    return context;
  }

  /** The context's page: the one it kept, or its first. */
  async pageOf(context: BrowserContext): Promise<Page> {
    const page = context.pages()[0] ?? (await context.newPage());
    if (!this.firstViewports.has(page)) this.firstViewports.set(page, page.viewportSize());
    return watchPage(page);
  }

  /** At the end of a test: `context` cleared for a later one, or closed if it cannot be. */
  async release(optionsKey: string, context: BrowserContext, testInfo: TestInfo): Promise<void> {
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed || changedLastingly(context)) {
      await context.close().catch(() => undefined);
      return;
    }
    try {
      const [kept, ...others] = context.pages();
      for (const page of others) await page.close();
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      const { cookies, localStorage: entries } = startingStorage(optionsKey, this.baseURL);
      await context.clearCookies();
      if (cookies.length) await context.addCookies(cookies);
      await context.clearPermissions();
      await context.setOffline(false);
      const page = (kept && (await this.cleared(kept))) ?? (await this.pageOf(context));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      // A page of the app's origin that runs none of it: it reaches the app's storage, and
      // the next test's first visit to the app stays in the same renderer process.
      const resting = `${this.baseURL}/api/health`;
      if (page.url() !== resting) await page.goto(resting);
      await page.evaluate((entries) => {
        sessionStorage.clear();
        localStorage.clear();
        for (const { name, value } of entries) localStorage.setItem(name, value);
      }, entries);
      const idle = this.idle.get(optionsKey) ?? [];
      idle.push(context);
      this.idle.set(optionsKey, idle);
    } catch {
      await context.close().catch(() => undefined);
    }
  }

  /** `page` without its test's listeners, routes and viewport; closed if it cannot be. */
  private async cleared(page: Page): Promise<Page | undefined> {
    const firstViewport = this.firstViewports.get(page);
    if (firstViewport === undefined || changedLastingly(page) || page.isClosed()) {
      await page.close();
      return undefined;
    }
    for (const event of PAGE_EVENTS_OF_TESTS) page.removeAllListeners(event);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const viewport = page.viewportSize();
    if (
      firstViewport &&
      (viewport?.width !== firstViewport.width || viewport.height !== firstViewport.height)
    ) {
      await page.setViewportSize(firstViewport);
    }
    return page;
  }

  async close(): Promise<void> {
    const contexts = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/**
 * What a context of the kind `optionsKey` stands for starts with: the cookies and the app's
 * local storage of its `storageState` (e2e/support/test.ts, or a spec's `test.use`).
 */
function startingStorage(optionsKey: string, origin: string) {
  const { storageState } = JSON.parse(optionsKey) as BrowserContextOptions;
  const state = typeof storageState === 'object' ? storageState : undefined;
  return {
    cookies: state?.cookies ?? [],
    localStorage: state?.origins.find((entry) => entry.origin === origin)?.localStorage ?? [],
  };
}

/** A test's people: `people.signUp(name)` for each; their browsers go back when it ends. */
export class People {
  private readonly contexts: BrowserContext[] = [];

  constructor(
    private readonly pool: ContextPool,
    /** The test's context options (e2e/support/test.ts): people's browsers are made alike. */
    private readonly optionsKey: string,
  ) {}

  /** A browser of a person's own, signed out, on a blank page or one a test left. */
  async browse(options: PersonOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.pool.take(this.optionsKey, options.permissions);
    this.contexts.push(context);
    const page = await this.pool.pageOf(context);
    if (options.viewport) await page.setViewportSize(options.viewport);
    return { context, page };
  }

  /** A new account, signed up through the API in a browser of its own, on its home. */
  async signUp(displayName: string, options: PersonOptions = {}): Promise<Person> {
    const person = await this.account(displayName, options);
    await openSignedInHome(person.page);
    return person;
  }

  /**
   * A new account, signed up through the API in a browser of its own, not yet on the app:
   * for a person the test takes somewhere else first, or uses through the API only.
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
    for (const context of this.contexts)
      await this.pool.release(this.optionsKey, context, testInfo);
  }
}
