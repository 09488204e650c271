import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, inBothThemesAndWidths, SCREENSHOT_DIR } from './support/app';
import type { People } from './support/people';
import { createPropViaApi, nextWholeMinute, type SeedProp } from './support/sheet';

/**
 * Issue 42, a real group's page: on a phone the first open prop is on the first screen;
 * on a desktop the cards use the Props panel's width; the Next unpicked bar has a place of
 * its own and covers neither the view buttons nor an option.
 */

const PHONE_SE = { width: 375, height: 667 };
const HOUR = 60;

/** A week's slate: thirteen games of one prop each, one game of two, with odds. */
const SLATE: SeedProp[] = [
  ...[
    'Bills at Jets',
    'Chiefs at Raiders',
    'Packers at Bears',
    'Cowboys at Giants',
    'Rams at Seahawks',
    'Lions at Vikings',
    'Eagles at Commanders',
    'Ravens at Steelers',
    'Bengals at Browns',
    'Saints at Falcons',
    'Texans at Colts',
    'Broncos at Chargers',
    'Dolphins at Patriots',
  ].map((title, index) => ({
    title,
    description: `${title}: who wins?`,
    options: title.split(' at '),
    startsIn: 2 * HOUR + index * 15,
  })),
  {
    title: 'Bills at Jets',
    description: 'Over or under 44.5 total points?',
    options: ['Over', 'Under'],
    startsIn: 2 * HOUR,
  },
];

/**
 * A group as issue 42 tried it: a leader who lets members share the code and add props,
 * five members on the board, a result in the activity feed; returns a member's page.
 */
async function realGroup(people: People) {
  const { page: leader } = await people.account('Lena Leader');
  const created = await leader.request.post('/api/groups', {
    data: { name: 'Sunday Crew', invitePermission: 'all', allowMemberProps: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = ((await created.json()) as { group: { id: number; code: string } }).group;
  const from = nextWholeMinute();
  for (const prop of SLATE) await createPropViaApi(leader.request, group.id, prop, from);
  for (const name of ['Ann', 'Bea', 'Cal', 'Dee']) {
    const { request } = await people.account(name);
    const joined = await request.post('/api/groups/join', { data: { code: group.code } });
    expect(joined.status(), await joined.text()).toBe(200);
  }
  const member = await people.account('Milo Member');
  const joined = await member.request.post('/api/groups/join', { data: { code: group.code } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { path: `/group/${group.id}`, page: member.page };
}

const propsRegion = (page: Page) => page.getByRole('region', { name: 'Props' });

async function openGroup(page: Page, path: string) {
  await page.goto(path);
  await expect(propsRegion(page).getByRole('article').first()).toBeVisible();
  // The page is drawn in steps; the last one adds the boards.
  await expect(page.getByRole('complementary', { name: 'Standings and activity' })).toBeAttached();
}

/** A tap at the centre of `target` lands on it (nothing drawn over it). */
function takesTheTap(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

test('on a 375 × 667 phone the first open prop is on the first screen, under a standings line', async ({
  people,
}) => {
  const { path, page } = await realGroup(people);
  await page.setViewportSize(PHONE_SE);
  await openGroup(page, path);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const firstCard = propsRegion(page).getByRole('article').first();
  const firstOption = firstCard.getByRole('button').first();
  await expect(firstOption).toBeInViewport({ ratio: 1 });
  expect(await takesTheTap(firstOption)).toBe(true);
  // The spec's order where it matters: the standings (now one line) are above the props.
  const standings = page.getByTestId('my-position');
  await expect(standings).toBeVisible();
  const standingsBox = (await standings.boundingBox())!;
  const propsBox = (await propsRegion(page).boundingBox())!;
  expect(standingsBox.y).toBeLessThan(propsBox.y);
  // What moved below the props is still there.
  await expect(page.getByRole('region', { name: 'Your Stats' })).toBeAttached();
  await expect(page.getByRole('button', { name: /Member Dashboard/ })).toBeAttached();
  await expect(page.getByRole('button', { name: /Custom Prop Creator/ })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
});

test('on a desktop the cards use the Props panel: two to a row', async ({ people }) => {
  const { path, page } = await realGroup(people);
  await page.setViewportSize(DESKTOP);
  await openGroup(page, path);
  const cards = propsRegion(page).getByRole('article');
  const panel = (await propsRegion(page).boundingBox())!;
  const boxes = await cards.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width };
    }),
  );
  const rows = new Set(boxes.map((box) => Math.round(box.y)));
  // Fourteen cards in at most eight rows, and none in less than 40 % of the panel's width.
  expect(rows.size).toBeLessThanOrEqual(8);
  for (const box of boxes) expect(box.width).toBeGreaterThan(panel.width * 0.4);
});

test('the Next unpicked bar never covers the Settled button (desktop) or an option (phone)', async ({
  people,
}) => {
  const { path, page } = await realGroup(people);
  await page.setViewportSize(DESKTOP);
  await openGroup(page, path);
  const settled = propsRegion(page).getByRole('button', { name: /^Settled/ });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 40) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const box = await settled.boundingBox();
    const viewport = page.viewportSize()!;
    if (!box || box.y < 80 || box.y + box.height > viewport.height) continue;
    expect(await takesTheTap(settled), `Settled takes the tap, scrolled to ${y}`).toBe(true);
  }

  // On a phone, scrolled anywhere through the sheet, every option in sight takes the tap.
  // In sight: in the window, above the bar when the bar is a band of its own (opaque, the
  // sheet's whole width), since what passes under a band is plainly out of sight.
  await page.setViewportSize(PHONE_SE);
  const phoneHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < phoneHeight; y += 150) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    const covered = await propsRegion(page).evaluate((region) => {
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const bar = document.querySelector('[data-sheet-bar]');
      const barBox = bar?.getBoundingClientRect();
      const isBand =
        bar !== null &&
        barBox !== undefined &&
        getComputedStyle(bar).backgroundColor !== 'rgba(0, 0, 0, 0)' &&
        barBox.width >= region.getBoundingClientRect().width - 2;
      const bottom = isBand ? Math.min(barBox.top, window.innerHeight) : window.innerHeight;
      return [...region.querySelectorAll('[role="group"][aria-label^="Options for"] button')]
        .filter((button) => {
          const box = button.getBoundingClientRect();
          if (box.top < header || box.bottom > bottom) return false;
          for (const [x, y] of [
            [box.right - 4, box.top + box.height / 2],
            [box.left + box.width / 2, box.top + box.height / 2],
          ] as const) {
            const hit = document.elementFromPoint(x, y);
            if (!hit || !button.contains(hit)) return true;
          }
          return false;
        })
        .map((button) => button.textContent);
    });
    expect(covered, `options covered, scrolled to ${y}`).toEqual([]);
  }

  await inBothThemesAndWidths(page, async (scheme, label) => {
    if (process.env.SCREENSHOTS !== '1') return;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/group-layout-${scheme}-${label}.png` });
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/group-layout-${scheme}-${label}-down.png` });
  });
});

test('on a phone, a comment being written has the screen above the keyboard to itself', async ({
  people,
}) => {
  const { path, page } = await realGroup(people);
  await page.setViewportSize(PHONE_SE);
  await openGroup(page, path);
  const card = propsRegion(page).getByRole('article').nth(2);
  await card.getByRole('button', { name: /^Comments/ }).click();
  const field = card.getByRole('textbox', { name: 'Add a comment' });
  const post = card.getByRole('button', { name: 'Post' });
  await field.focus();
  // The keyboard takes the lower half of the screen.
  await page.setViewportSize({ width: PHONE_SE.width, height: 330 });
  await field.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  const bottomHit = () =>
    page.evaluate(() => {
      const hit = document.elementFromPoint(window.innerWidth / 2, window.innerHeight - 4);
      return hit?.closest('[data-sheet-bar]') ? 'bar' : 'page';
    });
  await expect.poll(bottomHit).toBe('page');
  await post.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  expect(await takesTheTap(post)).toBe(true);
  // Done writing, the bar floats again over the sheet.
  await field.blur();
  await page.setViewportSize(PHONE_SE);
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect.poll(bottomHit).toBe('bar');
});
