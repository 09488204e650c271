import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DESKTOP, PHONE, screenshots } from './support/app';
import { api, gameDay } from './support/game-day';

/**
 * Live updates (decision 0017): two members' browsers on one group page. What one does
 * (or the leader does from elsewhere) shows on the other page within a second, with no
 * reload; once the prop locks, the split and who picked what appear.
 */

/** The card of the only prop on a page. */
const card = (page: Page) => page.locator('article[data-prop-id]');

/** A member's row of the leaderboard card: its wins and losses. */
const recordOf = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Leaderboard' })
    .locator('li', { hasText: name })
    .getByTestId('record');

/** One figure of the viewer's stats card (Wins, Losses, Pending). */
const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Your Stats' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a pick, a lock and a result reach every open page of the group without a reload', async ({
  people,
}) => {
  const leader = await people.account('Lea', { viewport: DESKTOP });
  const ann = await people.account('Ann', { viewport: DESKTOP });
  const bob = await people.account('Bob', { viewport: DESKTOP });
  const cy = await people.account('Cy', { viewport: DESKTOP });
  const { group, prop } = await gameDay(leader, [ann, bob, cy]);

  for (const { page } of [ann, bob]) {
    await page.goto(`/group/${group.id}`);
    await expect(card(page).getByTestId('pick-count')).toHaveText('0 of 4 have picked');
  }
  // Marks each page: a reload would lose it.
  for (const { page } of [ann, bob]) {
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
  }

  // Ann picks; Bob's page counts it within a second.
  await card(ann.page).getByRole('button', { name: 'Under' }).click();
  await expect(card(bob.page).getByTestId('pick-count')).toHaveText('1 of 4 have picked', {
    timeout: 1_000,
  });
  // Who has picked, by name (never what).
  await card(bob.page).getByTestId('pick-count').click();
  await expect(card(bob.page).getByText('Picked: Ann')).toBeVisible();
  await expect(card(bob.page).getByText('Not yet: Bob, Cy, Lea')).toBeVisible();

  await card(bob.page).getByRole('button', { name: 'Over' }).click();
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('2 of 4 have picked', {
    timeout: 1_000,
  });
  await expect(card(bob.page).getByText('Picked: Ann, Bob')).toBeVisible();
  await api(leader.request, 'post', '/api/user-predictions', {
    predictionId: prop.id,
    selectedOption: 'Over',
  });
  await api(cy.request, 'post', '/api/user-predictions', {
    predictionId: prop.id,
    selectedOption: 'Over',
  });
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('4 of 4 have picked');
  for (const { page } of [ann, bob]) {
    await expect(card(page).getByTestId('pick-split')).toHaveCount(0);
    await expect(recordOf(page, 'Ann')).toHaveText(/0–0/);
    await expect(stat(page, 'Pending')).toHaveText('1');
  }

  // The group's lock time passes three seconds from now: no one writes anything then, the
  // server's sweep announces the lock, and both pages show the split and who picked what.
  const lockAt = Date.now() + 3_000;
  await api(leader.request, 'put', `/api/groups/${group.id}`, {
    lockType: 'time',
    lockValue: new Date(lockAt).toISOString(),
  });
  for (const { page } of [ann, bob]) {
    const split = card(page).getByTestId('pick-split');
    await expect(split).toBeVisible({ timeout: lockAt - Date.now() + 2_500 });
    await expect(split.getByText('3 · 75%')).toBeVisible();
    await expect(split.getByText('1 · 25%')).toBeVisible();
  }
  expect(Date.now() - lockAt).toBeLessThan(2_500);
  // The group is locked as a whole now, and says so.
  await expect(ann.page.getByText(/All props locked at/)).toBeVisible();
  await expect(card(ann.page).getByText('Only you picked Under')).toBeVisible();
  await expect(card(bob.page).getByText(/Only you/)).toHaveCount(0);
  await card(bob.page).getByRole('button', { name: 'Who picked what' }).click();
  const list = card(bob.page).getByTestId('who-picked-what');
  await expect(list).toContainText('Over: Bob, Cy, Lea');
  await expect(list).toContainText('Under: Ann');
  await screenshots(bob.page, 'live-locked');

  // The leader sets the result: cards, standings and activity follow on both pages.
  await api(leader.request, 'put', `/api/predictions/${prop.id}`, { result: 'Under' });
  await expect(card(ann.page).getByText('✓ Correct')).toBeVisible({ timeout: 2_000 });
  await expect(card(bob.page).getByText('✗ Incorrect')).toBeVisible({ timeout: 2_000 });
  for (const { page } of [ann, bob]) {
    await expect(page.getByText(/Ann called it against the crowd/).first()).toBeVisible({
      timeout: 2_000,
    });
    // The standings: Ann leads 1–0, Bob has his loss; the top row is Ann's.
    await expect(recordOf(page, 'Ann')).toHaveText(/1–0/, { timeout: 2_000 });
    await expect(recordOf(page, 'Bob')).toHaveText(/0–1/);
    await expect(
      page.getByRole('region', { name: 'Leaderboard' }).locator('li').first(),
    ).toContainText('Ann');
    await expect(stat(page, 'Pending')).toHaveText('0');
  }
  // Each page's own stats.
  await expect(stat(ann.page, 'Wins')).toHaveText('1');
  await expect(stat(ann.page, 'Losses')).toHaveText('0');
  await expect(ann.page.getByRole('region', { name: 'Your Stats' })).toContainText('#1 of 4');
  await expect(stat(bob.page, 'Wins')).toHaveText('0');
  await expect(stat(bob.page, 'Losses')).toHaveText('1');
  await expect(bob.page.getByRole('region', { name: 'Your Stats' })).toContainText('#2 of 4');
  await screenshots(ann.page, 'live-result');
  for (const { page } of [ann, bob]) {
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
  }
});

test('a lost stream says "Reconnecting…" quietly, then catches up with no reload', async ({
  people,
}) => {
  const leader = await people.account('Lea', { viewport: DESKTOP });
  const ann = await people.account('Ann', { viewport: DESKTOP });
  const { group, prop } = await gameDay(leader, [ann]);

  // The page's clock runs as a real one, but the test can skip ahead (see below).
  await ann.page.clock.install();
  // The stream cannot connect: the first failure says nothing, the next ones say so.
  await ann.page.route('**/api/groups/*/events**', (route) => route.abort());
  await ann.page.goto(`/group/${group.id}`);
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('0 of 2 have picked');
  await ann.page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  const status = ann.page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(status).toBeVisible({ timeout: 8_000 });
  await screenshots(ann.page, 'live-reconnecting');

  // Meanwhile the leader picks; once the stream is back, the page has it.
  await api(leader.request, 'post', '/api/user-predictions', {
    predictionId: prop.id,
    selectedOption: 'Over',
  });
  await ann.page.unroute('**/api/groups/*/events**');
  // The next attempt is seconds away by now (backoff with jitter, 45 s at the most): the
  // page's clock skips to it rather than the test sitting through it.
  await ann.page.clock.fastForward(60_000);
  await expect(status).toHaveCount(0, { timeout: 12_000 });
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('1 of 2 have picked', {
    timeout: 2_000,
  });
  expect(
    await ann.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
});

test('a group deleted while the stream is down: the page says so instead of reconnecting forever', async ({
  people,
}) => {
  const leader = await people.account('Lea', { viewport: DESKTOP });
  const ann = await people.account('Ann', { viewport: DESKTOP });
  const { group } = await gameDay(leader, [ann]);

  await ann.page.clock.install();
  await ann.page.route('**/api/groups/*/events**', (route) => route.abort());
  await ann.page.goto(`/group/${group.id}`);
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('0 of 2 have picked');
  await expect(ann.page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible({
    timeout: 8_000,
  });
  // Deleted while Ann's page cannot hear of it: its 'deleted' event never reaches her.
  const deleted = await leader.request.delete(`/api/groups/${group.id}`);
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  await ann.page.unroute('**/api/groups/*/events**');
  // Skips the rest of the backoff to the next attempt, which the server refuses.
  await ann.page.clock.fastForward(60_000);
  await expect(ann.page.getByRole('heading', { name: 'Group not found' })).toBeVisible({
    timeout: 20_000,
  });
});

test('a group deleted while a member has it open: the page says who deleted it', async ({
  people,
}) => {
  const leader = await people.account('Lena', { viewport: PHONE });
  const ann = await people.account('Ann', { viewport: PHONE });
  const { group } = await gameDay(leader, [ann]);
  await ann.page.goto(`/group/${group.id}`);
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('0 of 2 have picked');
  // The stream is open: a pick reaches the page.
  const picked = await leader.request.post('/api/user-predictions', {
    data: {
      predictionId: Number(await card(ann.page).getAttribute('data-prop-id')),
      selectedOption: 'Over',
    },
  });
  expect(picked.ok(), await picked.text()).toBe(true);
  await expect(card(ann.page).getByTestId('pick-count')).toHaveText('1 of 2 have picked');

  const deleted = await leader.request.delete(`/api/groups/${group.id}`);
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  await expect(ann.page.getByRole('heading', { name: 'Lena deleted Game Day' })).toBeVisible();
  await expect(ann.page.getByText('Group not found')).toHaveCount(0);
  await screenshots(ann.page, 'live-group-deleted');
});
