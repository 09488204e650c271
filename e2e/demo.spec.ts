import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { PHONE, screenshots } from './support/app';

const propsList = (page: Page) => page.getByRole('region', { name: 'Props' });
/** A card on the sheet: it is named by its game heading (sport, title, time), then its question. */
const propCard = (page: Page, title: string, sport: string) =>
  propsList(page).getByRole('article', { name: new RegExp(`^${sport} ${escape(title)}`) });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const view = (page: Page, name: RegExp) =>
  propsList(page).getByRole('group', { name: 'Show props' }).getByRole('button', { name });
/** The number under a label in the personal stats card. */
const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your Stats' })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

async function expectPressed(option: Locator, pressed: boolean) {
  await expect(option).toHaveAttribute('aria-pressed', String(pressed));
}

test('a visitor opens the demo from the landing, picks, filters and goes back home', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('link', { name: 'Check the Props' }).click();
  await expect(page).toHaveURL(/\/demo$/);

  // The banner says what this is, before anything else.
  const banner = page.getByRole('region', { name: 'Demonstration' });
  await expect(banner).toContainText('This is a demonstration for instruction only');
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Sharps' })).toBeVisible();
  // Product rules §2: the sample group expires 14 days after the demo opened.
  await expect(page.getByTestId('group-expiry')).toHaveText(/^1[34]d remaining$/);

  // Every state a member meets, each said in words, in the views To pick, Locked, Settled.
  const list = propsList(page);
  await expect(view(page, /^To pick \(\d+\)$/)).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('article')).toHaveCount(4);
  await expect(list.getByText('Picked', { exact: true })).toHaveCount(1);
  await view(page, /^Locked/).click();
  await expect(page).toHaveURL(/view=locked/);
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByTestId('lock-label').filter({ hasText: 'Event started' })).toHaveCount(1);
  await expect(list.getByText('Pending', { exact: true })).toHaveCount(1);
  await view(page, /^Settled/).click();
  await expect(list.getByRole('article')).toHaveCount(4);
  await expect(list.getByText('✓ Correct', { exact: true })).toHaveCount(1);
  await expect(list.getByText('✗ Incorrect', { exact: true })).toHaveCount(1);
  // Issue 42: a voided prop is drawn as void, not as a win: no ✓, not the winner's colour.
  const voided = list.getByRole('article').filter({ hasText: 'Void: counts for no one' });
  await expect(voided).toHaveCount(1);
  const voidPick = voided.getByRole('button', { pressed: true });
  await expect(voidPick).not.toContainText('✓');
  const correctPick = list
    .getByRole('article')
    .filter({ hasText: '✓ Correct' })
    .getByRole('button', { pressed: true });
  const background = (button: typeof voidPick) =>
    button.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(voidPick)).not.toBe(await background(correctPick));
  await screenshots(page, 'demo-00-settled');
  await expect(list.getByText('✗ Lost: no pick', { exact: true })).toHaveCount(1);
  await expect(list.getByTestId('lock-label').filter({ hasText: 'Result set' })).toHaveCount(4);
  await view(page, /^To pick/).click();

  // Sample stats, leaderboard and activity.
  await expect(stat(page, 'Wins')).toHaveText('1');
  await expect(stat(page, 'Losses')).toHaveText('2');
  await expect(stat(page, 'Pending')).toHaveText('2');
  // On a phone: one line with the viewer's place, the full cards one tap away.
  await expect(page.getByTestId('my-position')).toHaveText(/^You are #\d+ of 7/);
  await page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  const standings = page.getByRole('list', { name: 'Standings' });
  await expect(standings.getByRole('listitem')).toHaveCount(5);
  await expect(standings).toContainText(/Guest\s*\(you\)/);
  await page.getByRole('button', { name: 'Full Leaderboard (7 total)' }).click();
  await expect(standings.getByRole('listitem')).toHaveCount(7);
  await expect(
    page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem'),
  ).toHaveCount(5);
  await page.getByRole('button', { name: 'All Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'All Activity' });
  await expect(dialog.getByRole('listitem')).toHaveCount(9);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A pick takes effect on the page: pressed, and counted as pending.
  const crazy = propCard(page, 'Gatorade shower colour', 'Crazy Props');
  const orange = crazy.getByRole('button', { name: /^(✓ )?Orange/ });
  await expectPressed(orange, false);
  // By keyboard: the card stays where it is (decision 0055), focus stays on it.
  await orange.focus();
  await page.keyboard.press('Enter');
  await expectPressed(orange, true);
  await expect(orange).toBeFocused();
  await expect(orange).toContainText('✓ Orange');
  await expect(stat(page, 'Pending')).toHaveText('3');
  // Changing it moves the pick; the count stays.
  const blue = crazy.getByRole('button', { name: /^(✓ )?Blue/ });
  await blue.click();
  await expectPressed(blue, true);
  await expectPressed(orange, false);
  await expect(stat(page, 'Pending')).toHaveText('3');
  // Locked and decided props take no picks.
  await view(page, /^Locked/).click();
  const started = propCard(page, 'Total goals', 'NHL');
  for (const option of await started.getByRole('button').all()) await expect(option).toBeDisabled();
  await view(page, /^To pick/).click();

  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'demo-01-all-sports');

  // The sport filter narrows the list and can be switched back.
  const filter = page.getByRole('group', { name: 'Filter by sport' });
  await filter.getByRole('button', { name: 'MLB' }).click();
  await expect(page).toHaveURL(/sport=MLB/);
  await expect(filter.getByRole('button', { name: 'MLB' })).toHaveAttribute('aria-pressed', 'true');
  await view(page, /^Settled/).click();
  await expect(list.getByText('✗ Lost: no pick', { exact: true })).toBeVisible();
  await screenshots(page, 'demo-02-mlb');
  await filter.getByRole('button', { name: 'All Sports' }).click();
  await view(page, /^To pick/).click();
  await expect(list.getByRole('article')).toHaveCount(4);
  // The visitor's pick is still there: it lives in the page until it is left.
  await expectPressed(blue, true);

  await banner.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
});

test('the demo needs no account and sends no writes to the server', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
  });
  await page.goto('/demo');
  const card = propCard(page, 'Who wins the game?', 'NFL');
  const home = card.getByRole('button', { name: /^(✓ )?Home team/ });
  await home.click();
  await expectPressed(home, true);
  expect(writes).toEqual([]);
  // Nothing is kept: a reload starts the demo afresh.
  await page.reload();
  await expectPressed(
    propCard(page, 'Who wins the game?', 'NFL').getByRole('button', { name: /^(✓ )?Home team/ }),
    false,
  );
});
