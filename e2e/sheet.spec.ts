import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DESKTOP, PHONE, SCREENSHOT_DIR, inBothThemesAndWidths } from './support/app';
import {
  createPropViaApi,
  groupWithProps,
  nextWholeMinute,
  savedPicksOf,
  sheetCard,
  type SeedProp,
} from './support/sheet';

/**
 * The pick sheet on a phone (issue 12, decision 0055): a pick never moves a card or the
 * focus, a double tap never picks on another prop, Next unpicked, keyboard-only picking,
 * a refusal put back with a message.
 */

const HOUR = 60;
const PROPS: SeedProp[] = [
  {
    title: 'Bills at Jets',
    description: 'Bills or Jets: who wins in the Meadowlands?',
    options: ['Bills', 'Jets'],
    startsIn: 2 * HOUR,
  },
  {
    title: 'Bills at Jets',
    description: 'Over or under 44.5 total points?',
    options: ['Over', 'Under'],
    startsIn: 2 * HOUR,
  },
  {
    title: 'Bills at Jets',
    description: 'Touchdown on the first score?',
    options: ['Yes', 'No'],
    startsIn: 2 * HOUR,
  },
  {
    title: 'Chiefs at Raiders',
    description: 'Chiefs or Raiders: who wins in Las Vegas?',
    options: ['Chiefs', 'Raiders'],
    startsIn: 3 * HOUR,
  },
  {
    title: 'Chiefs at Raiders',
    description: 'Is there a safety?',
    options: ['Yes', 'No'],
    startsIn: 3 * HOUR,
  },
  {
    title: 'Packers at Bears',
    description: 'Packers or Bears: who wins at Soldier Field?',
    options: ['Packers', 'Bears'],
    startsIn: 26 * HOUR,
  },
  {
    title: 'Packers at Bears',
    description: 'Touchdown longer than 50 yards?',
    options: ['Yes', 'No'],
    startsIn: 26 * HOUR,
  },
];

/** Where a card sits inside the Props section (the page above it may still be loading). */
const placeOf = (card: Locator) =>
  card.evaluate((element) => {
    const section = element.closest('section[aria-labelledby]');
    const top = (section ?? document.body).getBoundingClientRect().top;
    const box = element.getBoundingClientRect();
    return { top: box.top - top, left: box.left, width: box.width, height: box.height };
  });

const option = (card: Locator, label: string) =>
  card.getByRole('button', { name: new RegExp(`^(✓ )?${label}$`) });

async function openSheet(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'To pick (7)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('a pick keeps its card in place with the focus on it; a double tap never picks another prop', async ({
  people,
}) => {
  const world = await groupWithProps(people, PROPS);
  const page = world.member;
  await openSheet(page, world.path);

  // The sheet groups props under their game, days apart.
  const games = page.getByRole('region', { name: 'Props' }).getByRole('heading', { level: 4 });
  await expect(games).toHaveText([/Bills at Jets/, /Chiefs at Raiders/, /Packers at Bears/]);

  const first = sheetCard(page, 'Bills or Jets: who wins in the Meadowlands?');
  const next = sheetCard(page, 'Over or under 44.5 total points?');
  const before = await placeOf(first);
  const bills = option(first, 'Bills');
  // A double tap: the second tap lands where the first did.
  await bills.dblclick();
  await expect(bills).toHaveAttribute('aria-pressed', 'true');
  await expect(first.getByText('Saved ✓')).toBeVisible();
  await expect(bills).toBeFocused();
  expect(await placeOf(first)).toEqual(before);
  await expect(next.getByRole('button', { name: /Over|Under/, pressed: true })).toHaveCount(0);
  expect(await savedPicksOf(page, world.groupId)).toEqual({ [world.propIds[0]!]: 'Bills' });
  await expect(page.getByRole('button', { name: 'To pick (6)' })).toBeVisible();

  // Changing the pick: still in place, still focused.
  await option(first, 'Jets').click();
  await expect(option(first, 'Jets')).toHaveAttribute('aria-pressed', 'true');
  await expect(option(first, 'Jets')).toBeFocused();
  await expect(first.getByText('Saved ✓')).toBeVisible();
  expect(await placeOf(first)).toEqual(before);
  expect(await savedPicksOf(page, world.groupId)).toEqual({ [world.propIds[0]!]: 'Jets' });

  // The spec's order comes back with Re-sort (the picked prop goes after the unpicked).
  await page.getByRole('button', { name: 'Re-sort' }).click();
  await expect(page.locator('article').first()).toContainText('Over or under 44.5 total points?');
});

test('Next unpicked jumps to the next open prop without a pick', async ({ people }) => {
  const world = await groupWithProps(people, PROPS);
  const page = world.member;
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await openSheet(page, world.path);
  // The page's first reads started inside group.html, before its scripts, and its CSP
  // let them (the app asks for anything they did not: the sheet alone would not tell).
  expect(await page.evaluate(() => typeof window.__pickemEarly)).toBe('object');
  expect(refused).toEqual([]);
  // Inlined only: the script is not also served (or precached) as a file of its own; the
  // address gets the app's page, as any unknown one does.
  const asFile = await page.request.get('/early-data.js');
  expect(asFile.headers()['content-type']).toContain('text/html');

  const next = page.getByRole('button', { name: 'Next unpicked' });
  await next.click();
  await expect(
    option(sheetCard(page, 'Bills or Jets: who wins in the Meadowlands?'), 'Bills'),
  ).toBeFocused();
  await option(sheetCard(page, 'Over or under 44.5 total points?'), 'Under').click();
  // From the card just picked, the next one without a pick.
  await next.click();
  await expect(option(sheetCard(page, 'Touchdown on the first score?'), 'Yes')).toBeFocused();
  await page.keyboard.press('Enter');
  await next.click();
  await expect(
    option(sheetCard(page, 'Chiefs or Raiders: who wins in Las Vegas?'), 'Chiefs'),
  ).toBeFocused();
  await expect(sheetCard(page, 'Chiefs or Raiders: who wins in Las Vegas?')).toBeInViewport();
});

/**
 * The option is inside the window, between the sticky header and the floating Re-sort /
 * Next unpicked bar, so a keyboard user sees what they are about to pick.
 */
async function expectClearOfBar(page: Page, target: Locator) {
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        const bar = document.querySelector('[data-sheet-bar]')?.getBoundingClientRect();
        const bottom = bar ? Math.min(bar.top, window.innerHeight) : window.innerHeight;
        return box.top >= header && box.bottom <= bottom;
      }),
    )
    .toBe(true);
}

test('keyboard only: a whole sheet picked with Tab and Space, arrows between options', async ({
  people,
}) => {
  const world = await groupWithProps(people, PROPS);
  const page = world.member;
  await openSheet(page, world.path);

  // Tab until the first option of the sheet, then: Space picks, Tab moves to the other
  // option, Tab again to the next card's first option.
  const first = option(sheetCard(page, 'Bills or Jets: who wins in the Meadowlands?'), 'Bills');
  for (let step = 0; step < 60; step += 1) {
    if (await first.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(first).toBeFocused();
  // Arrow keys move between a prop's options (wrapping) without picking.
  const firstCard = sheetCard(page, PROPS[0]!.description);
  await page.keyboard.press('ArrowRight');
  await expect(option(firstCard, 'Jets')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(option(firstCard, 'Jets')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await expect(firstCard.getByRole('button', { pressed: true })).toHaveCount(0);
  for (let index = 0; index < PROPS.length; index += 1) {
    await page.keyboard.press('Space');
    const card = sheetCard(page, PROPS[index]!.description);
    await expect(card.getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(card.getByText('Saved ✓')).toBeVisible();
    // Focus stays on the option just picked, on screen and clear of the floating bar.
    const picked = card.getByRole('button', { pressed: true });
    await expect(picked).toBeFocused();
    await expectClearOfBar(page, picked);
    if (index < PROPS.length - 1) {
      // Past the other option and the card's "N of M have picked" to the next card.
      const next = option(
        sheetCard(page, PROPS[index + 1]!.description),
        PROPS[index + 1]!.options[0]!,
      );
      for (let step = 0; step < 4; step += 1) {
        await page.keyboard.press('Tab');
        if (await next.evaluate((element) => element === document.activeElement)) break;
      }
      await expect(next).toBeFocused();
      await expectClearOfBar(page, next);
    }
  }
  await expect(page.getByRole('button', { name: 'To pick (0)' })).toBeVisible();
  const saved = await savedPicksOf(page, world.groupId);
  expect(Object.keys(saved)).toHaveLength(PROPS.length);
});

test('a 300-prop sheet: a link to the 290th prop scrolls to it, and every card is drawn in order', async ({
  people,
}) => {
  test.setTimeout(300_000);
  const world = await groupWithProps(people, []);
  // 60 games of 5, an hour apart.
  const ids: number[] = [];
  const from = nextWholeMinute();
  for (let start = 0; start < 300; start += 10) {
    const batch = [];
    for (let index = start; index < start + 10; index += 1) {
      const game = Math.floor(index / 5);
      batch.push(
        createPropViaApi(
          world.leader.request,
          world.groupId,
          {
            title: `Team ${game} at Team ${game + 100}`,
            description: `Prop ${String(index + 1).padStart(3, '0')}: question ${index % 5} about game ${game}`,
            options: ['Home', 'Away'],
            startsIn: 120 + game * 60,
          },
          from,
        ),
      );
    }
    ids.push(...(await Promise.all(batch)));
  }
  const page = world.member;
  await page.setViewportSize(PHONE);
  const target = ids[289]!;
  await page.goto(`${world.path}#prop-${target}`);

  const card = page.locator(`#prop-${target}`);
  await expect(card).toBeInViewport();
  await expect(card).toContainText('Prop 290: question 4 about game 57');
  const cards = page.getByRole('region', { name: 'Props' }).getByRole('article');
  await expect(cards).toHaveCount(300);
  // The cards drawn after it did not move it: it sits where a jump to it puts it (the
  // page's scroll padding), just under the sticky header, not a screen's third further down.
  await expect(card).toBeInViewport();
  await expect
    .poll(() =>
      card.evaluate((element) => {
        const padding = getComputedStyle(document.documentElement).scrollPaddingTop;
        const top = element.getBoundingClientRect().top;
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return Math.abs(top - parseFloat(padding)) <= 2 && top >= header && top <= header + 24;
      }),
    )
    .toBe(true);
  // In the sheet's order: by game time, then by question.
  const drawn = await cards.evaluateAll((articles) =>
    articles.map((article) => article.querySelector('p')?.textContent?.slice(0, 8)),
  );
  expect(drawn).toEqual(ids.map((_, index) => `Prop ${String(index + 1).padStart(3, '0')}`));
  if (process.env.SCREENSHOTS === '1') {
    // The linked card under the header, at both widths.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sheet-300-link-phone.png` });
    await page.setViewportSize(DESKTOP);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/sheet-300-link-desktop.png` });
    await page.setViewportSize(PHONE);
  }
  // It takes a tap like any other.
  await option(card, 'Away').click();
  await expect(card.getByText('Saved ✓')).toBeVisible();
  await expect(page.getByRole('button', { name: 'To pick (299)' })).toBeVisible();
  // Next unpicked from there: the 291st prop, the first of the next game.
  await page.getByRole('button', { name: 'Next unpicked' }).click();
  await expect(option(page.locator(`#prop-${ids[290]!}`), 'Home')).toBeFocused();
});

test('a refused pick is put back, and the card says why', async ({ people }) => {
  const world = await groupWithProps(people, PROPS);
  const page = world.member;
  // This page's live stream is down (it would show the lock at once): the sheet still
  // shows the props open when the leader locks them.
  await page.route('**/api/groups/*/events', (route) => route.abort());
  await openSheet(page, world.path);
  // The leader locks every prop while the member's sheet still shows them open.
  const locked = await world.leader.request.put(`/api/groups/${world.groupId}`, {
    data: { lockType: 'leader', isLocked: true },
  });
  expect(locked.status()).toBe(200);

  const card = sheetCard(page, 'Is there a safety?');
  await option(card, 'Yes').click();
  await expect(card.getByText(/^Not saved: .*the group leader has locked picks/)).toBeVisible();
  await expect(page.getByText('Failed to save pick').first()).toBeVisible();
  await expect(option(card, 'Yes')).toHaveAttribute('aria-pressed', 'false');
  // The list read again: the card stays where it was, now locked.
  await expect(option(card, 'Yes')).toBeDisabled();
  expect(await savedPicksOf(page, world.groupId)).toEqual({});
});

test('a changed line takes the pick away and the card says to pick again', async ({ people }) => {
  const world = await groupWithProps(people, PROPS.slice(1, 2));
  const page = world.member;
  await page.setViewportSize(PHONE);
  await page.goto(world.path);
  const card = sheetCard(page, 'Over or under 44.5 total points?');
  await option(card, 'Over').click();
  await expect(card.getByText('Saved ✓')).toBeVisible();

  // The leader moves the line: the pick on it is reset (decision 0020).
  const edited = await world.leader.request.put(`/api/predictions/${world.propIds[0]}`, {
    data: {
      sport: 'NFL',
      customSport: '',
      title: 'Bills at Jets',
      description: 'Over or under 47.5 total points?',
      options: ['Over 47.5', 'Under 47.5'],
      gameDate: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await page.reload();
  const moved = sheetCard(page, 'Over or under 47.5 total points?');
  await expect(moved.getByText('The line changed: pick again (you had Over)')).toBeVisible();
  await expect(moved.getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'To pick (1)' })).toBeVisible();
  expect(await savedPicksOf(page, world.groupId)).toEqual({});
  await inBothThemesAndWidths(page, async (scheme, label) => {
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOTS === '1') {
      await moved.screenshot({ path: `${SCREENSHOT_DIR}/line-changed-${scheme}-${label}.png` });
    }
  });

  // Picking again clears the message.
  await option(moved, 'Under 47.5').click();
  await expect(moved.getByText('Saved ✓')).toBeVisible();
  await expect(moved.getByText(/The line changed/)).toHaveCount(0);
});

test('the sheet at 375 and 1280 px in both themes: accessible, no sideways scroll, screenshots', async ({
  people,
}) => {
  const world = await groupWithProps(people, PROPS);
  const page = world.member;
  await openSheet(page, world.path);
  await option(sheetCard(page, 'Bills or Jets: who wins in the Meadowlands?'), 'Bills').click();
  await expect(page.getByText('Saved ✓')).toBeVisible();
  // The theme follows the system's setting.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectBackground(page, scheme === 'dark' ? 'rgb(11, 18, 32)' : 'rgb(244, 246, 249)');
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await expectNoSeriousA11yViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // At the end of the page the floating bar sits below the last card, covering none of it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastCard = page.getByRole('region', { name: 'Props' }).getByRole('article').last();
      const cardBottom = (await lastCard.boundingBox())!;
      const bar = (await page.locator('[data-sheet-bar]').boundingBox())!;
      expect(cardBottom.y + cardBottom.height).toBeLessThanOrEqual(bar.y);
      if (process.env.SCREENSHOTS === '1') {
        // What a person sees at the end of the sheet (a full-page capture draws the sticky
        // bar where the window's bottom was, over whatever was there).
        await page.screenshot({ path: `${SCREENSHOT_DIR}/sheet-${scheme}-${label}-end.png` });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: `${SCREENSHOT_DIR}/sheet-${scheme}-${label}.png`,
          fullPage: true,
        });
      }
    }
  }
});

test('Settings: the theme switch wins over the system setting, and System follows it again', async ({
  people,
}) => {
  const world = await groupWithProps(people, PROPS.slice(0, 1));
  const page = world.member;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: /^System/ })).toBeChecked();
  await theme.getByRole('radio', { name: /^Dark/ }).click();
  await expectBackground(page, 'rgb(11, 18, 32)');
  await expectNoSeriousA11yViolations(page);
  // Kept in this browser: a new visit opens dark.
  await page.goto(world.path);
  // Read at once, not polled: the stored theme applies before the first paint.
  expect(await backgroundOf(page)).toBe('rgb(11, 18, 32)');
  await page.goto('/settings');
  await theme.getByRole('radio', { name: /^System/ }).click();
  await expectBackground(page, 'rgb(244, 246, 249)');
});

/**
 * The page's background becomes `colour`. Polled: a change of theme reaches the computed
 * style after its transition (1 ms when the system asks for reduced motion).
 */
const expectBackground = (page: Page, colour: string) =>
  expect.poll(() => backgroundOf(page)).toBe(colour);

const backgroundOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
