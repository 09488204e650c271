import { expect, test } from './support/test';
import { PHONE } from './support/app';
import { createPropViaApi, groupWithProps } from './support/sheet';

/**
 * Measures a group page of 300 props as a member opens it at 375 px (issue 12: DOM
 * elements, JS heap, time to interactive) and prints the numbers for decision 0021.
 * It reports; it does not time anything against a threshold (a shared machine's speed
 * varies). The only assertion is that the page works: every prop is there to pick.
 */
// A measurement, not a check: it runs when asked (`SHEET_WEIGHT=1 npm run test:e2e --
// e2e/sheet-weight.spec.ts`), so the suite does not spend half a minute seeding 300 props.
test.skip(process.env.SHEET_WEIGHT !== '1', 'a measurement: run with SHEET_WEIGHT=1');

test('a group page of 300 props: elements, heap and time to interactive', async ({ browser }) => {
  test.setTimeout(600_000);
  const world = await groupWithProps(browser, []);
  // 300 props in 60 games of 5 across the coming days, as a busy season week would be.
  const requests = [];
  for (let index = 0; index < 300; index += 1) {
    const game = Math.floor(index / 5);
    requests.push(
      createPropViaApi(world.leader.request, world.groupId, {
        title: `Team ${game} at Team ${game + 100}`,
        description: `Question ${index % 5} about game ${game}: who comes out ahead?`,
        options: ['Home', 'Away', 'Push'],
        startsIn: 120 + game * 60,
      }),
    );
    if (requests.length === 10) await Promise.all(requests.splice(0));
  }
  await Promise.all(requests);

  const page = world.member;
  await page.setViewportSize(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  // The moment the sheet's options are on screen, by the page's own clock (from navigation
  // start), without Playwright's polling in between.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('article button[aria-pressed]')) {
        (window as unknown as { sheetShownAt: number }).sheetShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const started = Date.now();
  await page.goto(world.path);
  const pickCount = page.getByRole('button', { name: 'To pick (300)' });
  await expect(pickCount).toBeVisible();
  // Interactive: the first option takes a tap and shows it.
  const firstOption = page
    .getByRole('region', { name: 'Props' })
    .getByRole('button', { name: 'Home' })
    .first();
  await firstOption.click();
  await expect(firstOption).toHaveAttribute('aria-pressed', 'true');
  const interactiveMs = Date.now() - started;
  const navigation = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      domContentLoaded: Math.round(entry?.domContentLoadedEventEnd ?? 0),
      sheetShown: Math.round((window as unknown as { sheetShownAt: number }).sheetShownAt),
    };
  });
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const report = {
    props: 300,
    domElements: elements,
    jsHeapUsedMB: Math.round((metric('JSHeapUsedSize') / 1024 / 1024) * 10) / 10,
    domContentLoadedMs: navigation.domContentLoaded,
    optionsOnScreenMs: navigation.sheetShown,
    gotoToFirstPickShownMs: interactiveMs,
  };
  console.log(`SHEET-WEIGHT ${JSON.stringify(report)}`);
  test.info().annotations.push({ type: 'sheet-weight', description: JSON.stringify(report) });
  await world.close();
});
