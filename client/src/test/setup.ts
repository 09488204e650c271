import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For every client and shared test: anything React (or our code) reports through
 * console.error — a missing key, an act() warning, a failed prop type — fails the test
 * instead of scrolling past. Components rendered with Testing Library are unmounted after
 * each test.
 */
let reported: unknown[][] = [];

beforeEach(() => {
  reported = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    reported.push(args);
  });
});

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  vi.restoreAllMocks();
  if (reported.length > 0) {
    const lines = reported.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${lines}`);
  }
});
