import type { Page } from '@playwright/test';

type Shifts = { total: number };

/**
 * From the next page load on, adds up the page's layout shifts (CLS's entries, those a
 * user's own input did not cause): what moved under a reader or a finger as the page filled in.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shifts = { total: 0 };
    (window as Window & { layoutShifts?: Shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift added up since the page loaded (recordLayoutShifts). */
export async function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as Window & { layoutShifts?: Shifts }).layoutShifts?.total ?? Number.NaN,
  );
}
