import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA: the level the product promises (issue 6). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type AxeViolation = AxeResults['violations'][number];

/**
 * Runs axe-core on the page as it is now (an open dialog included) and fails on any
 * serious or critical WCAG 2.1 AA violation, listing each rule with the elements that
 * break it. Minor and moderate findings are printed but do not fail the test.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await waitForAnimations(page);
  const results = await runAxe(page);
  const failing = results.violations.filter(
    (violation) => violation.impact && FAILING_IMPACTS.has(violation.impact),
  );
  const other = results.violations.filter((violation) => !failing.includes(violation));
  if (other.length > 0) {
    console.warn(`axe, minor findings on ${page.url()}:\n${other.map(describe).join('\n')}`);
  }
  expect(
    failing.length,
    `axe found serious or critical violations on ${page.url()}:\n${failing.map(describe).join('\n')}`,
  ).toBe(0);
}

/**
 * axe-core's own `axe.run` on the page, injected once per document. AxeBuilder's default
 * run injects axe twice and finishes in a new blank page each time (for cross-origin
 * frames), which made a scan about twice as slow; the app has no frames, so the result is
 * the same. A page with frames still goes through AxeBuilder.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    // Only the violations are read: axe then builds no selectors for the passing and
    // inapplicable nodes, and none of them crosses the protocol (a sixth of a11y.spec.ts's CPU).
    return { ...results, passes: [], incomplete: [], inapplicable: [] };
  }, WCAG_TAGS);
}

/**
 * Dialogs fade and pop in; axe measuring colours half-way through an animation reports
 * contrast failures a person never sees. Endless animations (spinners) are not waited for.
 */
async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

function describe(violation: AxeViolation): string {
  const nodes = violation.nodes
    .map((node) => {
      const target = node.target.join(' ');
      const why = node.failureSummary?.replace(/\s*\n\s*/g, '; ') ?? '';
      return `    - ${target}\n      ${why}`;
    })
    .join('\n');
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
}
