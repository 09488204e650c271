import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, screenshots } from './support/app';
import type { People } from './support/people';
import { nextWholeMinute } from './support/sheet';

/**
 * Issue 42 'Layout that real text breaks': every text people write (names, titles,
 * descriptions, options) at its longest, as a URL and as one unbroken word, stays inside
 * its box at 320, 375 and 1280 px: the page never grows wider than the screen, every
 * option is whole and takes a tap, and a long name gives way to the numbers beside it.
 */

const WORD = (length: number) => 'W'.repeat(length);
const URL_120 = `https://example.com/${'a'.repeat(60)}/${'b'.repeat(30)}?q=${'c'.repeat(5)}`;
const LONG_NAME = WORD(40);
const LONG_MEMBER_NAME = `Maximiliana ${'X'.repeat(28)}`;
const LONG_GROUP = `Sunday${WORD(54)}`;

const WIDTHS = [{ width: 320, height: 640 }, { width: 375, height: 667 }, DESKTOP] as const;

/** A group whose every text is as long as the rules allow, with a result and activity. */
async function longTextGroup(people: People) {
  const leader = await people.account(LONG_NAME);
  const created = await leader.request.post('/api/groups', {
    data: { name: LONG_GROUP, invitePermission: 'all', allowMemberProps: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = ((await created.json()) as { group: { id: number; code: string } }).group;
  const gameDate = new Date(nextWholeMinute() + 3 * 60 * 60_000).toISOString();
  const props = [
    {
      sport: 'Custom',
      customSport: WORD(30),
      title: WORD(100),
      description: URL_120,
      options: [{ value: WORD(80), odds: `+${'9'.repeat(15)}` }, { value: URL_120.slice(0, 80) }],
    },
    {
      sport: 'NFL',
      customSport: '',
      title: `${URL_120.slice(0, 100)}`,
      description: WORD(150),
      options: [WORD(80), `${WORD(39)} ${WORD(40)}`, 'Yes'],
    },
    {
      sport: 'NFL',
      customSport: '',
      title: 'Decided',
      description: `Settled ${WORD(140)}`,
      options: [WORD(80), 'No'],
    },
  ];
  const ids: number[] = [];
  for (const prop of props) {
    const response = await leader.request.post('/api/predictions', {
      data: { groupId: group.id, gameDate, ...prop },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }
  const member = await people.account(LONG_MEMBER_NAME);
  const joined = await member.request.post('/api/groups/join', { data: { code: group.code } });
  expect(joined.status(), await joined.text()).toBe(200);
  for (const page of [leader.page, member.page]) {
    const pick = await page.request.post('/api/user-predictions', {
      data: { predictionId: ids[2], selectedOption: WORD(80) },
    });
    expect(pick.ok(), await pick.text()).toBe(true);
  }
  // A result puts the long title and name in the activity feed.
  const decided = await leader.request.put(`/api/predictions/${ids[2]}`, {
    data: { result: WORD(80) },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  return { path: `/group/${group.id}`, member: member.page };
}

/**
 * Boxes whose text does not fit them: cut off at their edge, or (for a box that lets it
 * show) running out over what is beside it. An ellipsis on purpose aside.
 */
async function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((element) => {
        if (element.closest('[hidden]') || element.getClientRects().length === 0) return false;
        const style = getComputedStyle(element);
        // An ellipsis, a scrolling box and text for screen readers only cut off on purpose.
        if (style.textOverflow === 'ellipsis' || style.overflowX === 'auto') return false;
        if (style.clipPath !== 'none') return false;
        const holdsText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (style.overflowX === 'visible' && !holdsText) return false;
        return element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0;
      })
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
  );
}

async function expectWithinTheScreen(page: Page) {
  const { scrollWidth, innerWidth, beyond } = await page.evaluate(() => {
    const edge = window.innerWidth + 0.5;
    // What reaches past the screen's edge (elements, and text overflowing its element).
    const beyond: string[] = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > edge &&
          (element.parentElement?.getBoundingClientRect().right ?? 0) <= edge,
      )
      .map((element) => `${element.tagName}.${String(element.className)}`.slice(0, 160));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > edge) {
        beyond.push(`"${node.textContent?.slice(0, 30)}" in ${node.parentElement?.tagName}`);
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      beyond,
    };
  });
  expect(
    scrollWidth,
    `no wider than the screen; beyond it: ${beyond.join(', ')}`,
  ).toBeLessThanOrEqual(innerWidth);
  expect(await clippedBoxes(page)).toEqual([]);
}

/** Every pick button is whole on screen, and a tap at its centre lands on it. */
async function expectOptionsWholeAndTappable(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const buttons = page.getByRole('group', { name: /^Options for/ }).getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    // In the middle of the screen, where a thumb taps: not under the sticky header or the
    // Next unpicked band, which a scroll to the nearest edge may leave it beneath.
    await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await expect
      .poll(
        () =>
          button.evaluate((element) => {
            // Again on every try: a late layout shift (the board arriving) moves it.
            element.scrollIntoView({ block: 'center', behavior: 'instant' });
            const rect = element.getBoundingClientRect();
            const target = document.elementFromPoint(
              rect.left + rect.width / 2,
              rect.top + rect.height / 2,
            );
            if (target !== null && element.contains(target)) return 'on the option';
            return target ? target.outerHTML.slice(0, 120) : 'nothing';
          }),
        { message: `a tap at the centre of option ${index + 1} lands on it` },
      )
      .toBe('on the option');
    // A quick double tap picks, never zooms (iOS).
    await expect(button).toHaveCSS('touch-action', 'manipulation');
  }
}

test('the longest names, titles, URLs and words stay inside their boxes', async ({ people }) => {
  test.setTimeout(120_000);
  const { path, member: page } = await longTextGroup(people);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LONG_GROUP);
    await expect(page.getByRole('region', { name: 'Props' }).getByRole('article')).toHaveCount(2);
    if (size.width < 1024) {
      await page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
    }
    await expect(page.getByRole('list', { name: 'Recent activity' })).toBeVisible();
    await expectWithinTheScreen(page);
    await expectOptionsWholeAndTappable(page);
    await page
      .getByRole('group', { name: 'Show props' })
      .getByRole('button', { name: /^Settled/ })
      .click();
    await expect(page.getByRole('region', { name: 'Props' }).getByRole('article')).toHaveCount(1);
    await expectWithinTheScreen(page);
    await expectOptionsWholeAndTappable(page);
  }
  await screenshots(page, 'long-text-01-group');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectWithinTheScreen(page);
  }
  await screenshots(page, 'long-text-02-home');
  await expectNoSeriousA11yViolations(page);
});

test('a 40-character name truncates, and the record and win rate stay in view', async ({
  people,
}) => {
  const { path, member: page } = await longTextGroup(people);
  for (const size of [{ width: 375, height: 667 }, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(path);
    if (size.width < 1024) {
      await page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
    }
    const board = page.getByRole('region', { name: 'Leaderboard' });
    const rows = board.getByRole('list', { name: 'Standings' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    for (const [index, name] of [LONG_NAME, LONG_MEMBER_NAME].entries()) {
      const row = rows.filter({ hasText: name.slice(0, 10) });
      // The whole name on hover and to screen readers.
      await expect(row.getByTitle(name)).toHaveText(name);
      const rowBox = await row.boundingBox();
      for (const id of ['record', 'win-rate']) {
        const number = row.getByTestId(id);
        await expect(number, `row ${index + 1}'s ${id}`).toBeVisible();
        const box = await number.boundingBox();
        expect(box && rowBox && box.x + box.width <= rowBox.x + rowBox.width + 0.5).toBe(true);
      }
    }
    await expectWithinTheScreen(page);
  }
});
