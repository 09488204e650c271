import type { BrowserContext, Page } from '@playwright/test';

/**
 * What a test can do to a browser context or a page that outlives a navigation and that
 * Playwright cannot undo: an init script, an exposed function, extra headers, emulated media,
 * a geolocation, a fake clock. A pooled context or page that had any of it done is closed
 * when its test ends instead of being handed to a later test (e2e/support/people.ts).
 */
const CONTEXT_CHANGES = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
] as const;
const CLOCK_CHANGES = [
  'install',
  'fastForward',
  'pauseAt',
  'resume',
  'runFor',
  'setFixedTime',
  'setSystemTime',
] as const;
const PAGE_CHANGES = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'emulateMedia',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
] as const;

const watched = new WeakSet<object>();
const changed = new WeakSet<object>();

/** From now on, notes any lasting change made to `context` (its clock included). */
export function watchContext(context: BrowserContext): BrowserContext {
  noteCalls(context, CONTEXT_CHANGES, context);
  noteCalls(context.clock, CLOCK_CHANGES, context);
  return context;
}

/** From now on, notes any lasting change made to `page`. */
export function watchPage(page: Page): Page {
  noteCalls(page, PAGE_CHANGES, page);
  return page;
}

/** Whether a lasting change was made to `target` since it was watched. */
export function changedLastingly(target: BrowserContext | Page): boolean {
  return changed.has(target);
}

function noteCalls(target: object, methods: readonly string[], owner: object) {
  if (watched.has(target)) return;
  watched.add(target);
  const callable = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = callable[name];
    if (typeof original !== 'function') throw new Error(`Playwright has no ${name} to watch`);
    callable[name] = (...args: unknown[]) => {
      changed.add(owner);
      return original.apply(target, args);
    };
  }
}
