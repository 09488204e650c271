import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, openSignedInHome, uniqueName, type Account } from './app';

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
 * A test's other people besides its `page`: each a new browser context (their own session
 * cookie and storage, as if on their own device) made with the test's options, closed when
 * the test ends.
 */
export class People {
  private readonly contexts: BrowserContext[] = [];

  constructor(private readonly browser: Browser) {}

  /** A browser of a person's own, signed out, on a blank page. */
  async browse({ viewport, permissions }: PersonOptions = {}) {
    // Only the options asked for: a key set to undefined would hide the test's own.
    const context = await this.browser.newContext({
      ...(viewport && { viewport }),
      ...(permissions && { permissions }),
    });
    this.contexts.push(context);
    return { context, page: await context.newPage() };
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

  async close(): Promise<void> {
    await Promise.all(this.contexts.map((context) => context.close()));
  }
}
