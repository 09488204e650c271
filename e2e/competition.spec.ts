import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, inBothThemesAndWidths, PHONE, screenshots, uniqueName } from './support/app';
import { api } from './support/game-day';
import type { People } from './support/people';
import { createPropViaApi } from './support/sheet';

/**
 * Issue 43, a real competition, at a phone's width: the leader's choices (scoring, dropped
 * weeks, the pot, the CSV files) and what members see of them.
 */

const dashboard = (page: Page) => page.getByRole('region', { name: 'Leader Dashboard' });

async function openDashboard(page: Page) {
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await expect(dashboard(page).getByRole('button', { name: 'Save Scoring' })).toBeVisible();
}

test('the leader chooses confidence scoring and a pot; scoring is fixed once a prop locks', async ({
  people,
}) => {
  const leader = await people.account('Lena Leader', { viewport: PHONE });
  const { page } = leader;
  await page.goto('/group-setup');
  await page.getByLabel('Group name').fill(uniqueName('Season Pool '));
  await page.getByRole('radio', { name: /^Confidence/ }).click();
  await page.getByLabel('Dropped weeks').selectOption({ label: 'The worst week' });
  await screenshots(page, 'competition-create-group');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  const groupId = Number(/\/group\/(\d+)$/.exec(page.url())?.[1]);
  await createPropViaApi(page.request, groupId, {
    title: 'Bills at Jets',
    description: 'Who wins?',
    options: ['Bills', 'Jets'],
    startsIn: 48 * 60,
  });
  const member = await people.account('Milo Member');
  const details = (await (await page.request.get(`/api/groups/${groupId}`)).json()) as {
    code: string;
    scoring: string;
    dropWorstRounds: number;
  };
  expect(details).toMatchObject({ scoring: 'confidence', dropWorstRounds: 1 });
  await api(member.request, 'post', '/api/groups/join', { code: details.code });

  await page.reload();
  await openDashboard(page);
  const board = dashboard(page);
  await expect(board.getByRole('radio', { name: /^Confidence/ })).toBeChecked();

  // The pot: payment tracked, an entry amount, a weekly prize and a split.
  await board.getByRole('switch', { name: 'Track payment status' }).click();
  await expectToast(page, 'Group updated successfully');
  await board.getByLabel('Entry amount ($)').fill('20');
  await board.getByLabel('Weekly prize ($)').fill('5');
  await board.getByLabel('Payout split (%)').fill('70, 30');
  await board.getByRole('button', { name: 'Save Pot' }).click();
  await expectToast(page, 'Pot updated');
  await api(page.request, 'put', `/api/groups/${groupId}/payment-status`, {
    userId: ((await (await member.request.get('/api/auth/me')).json()) as { user: { id: number } })
      .user.id,
    isPaid: true,
  });

  // The CSV files are plain links the browser saves.
  await expect(board.getByRole('link', { name: 'Standings (CSV)' })).toHaveAttribute(
    'href',
    `/api/groups/${groupId}/export/standings.csv`,
  );
  const download = page.waitForEvent('download');
  await board.getByRole('link', { name: 'Picks of locked props (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/picks.*\.csv$/);
  await expectNoSeriousA11yViolations(page);
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-leader-dashboard-${scheme}`);
  });

  // Members see the pot beside the board.
  await member.page.setViewportSize(PHONE);
  await member.page.goto(`/group/${groupId}`);
  await member.page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  const pot = member.page.getByRole('region', { name: 'Pot' });
  await expect(pot.getByTestId('pot-total')).toHaveText('$20.00');
  await expect(pot.getByText('($20.00 × 1 paid)')).toBeVisible();
  await inBothThemesAndWidths(member.page, async (scheme) => {
    await screenshots(member.page, `competition-pot-${scheme}`);
  });

  // Once a prop has locked, scoring stays as it is for the season.
  await page.setViewportSize(PHONE);
  await api(page.request, 'put', `/api/groups/${groupId}`, { lockType: 'leader', isLocked: true });
  await page.reload();
  await openDashboard(page);
  await dashboard(page)
    .getByRole('radio', { name: /^Lock of the week/ })
    .click();
  await dashboard(page).getByRole('button', { name: 'Save Scoring' }).click();
  await expect(dashboard(page).getByRole('alert')).toHaveText(
    "Scoring and dropped rounds can change only until the season's first prop locks.",
  );
});

/** A group of `scoring` with two props in next week's round, both picked by the member. */
async function weekOfPicks(people: People, scoring: 'confidence' | 'lock') {
  const leader = await people.account('Lena Leader');
  const { group } = (await api(leader.request, 'post', '/api/groups', {
    name: uniqueName('Weekly '),
    scoring,
  })) as { group: { id: number; code: string } };
  const member = await people.account('Milo Member', { viewport: PHONE });
  await api(member.request, 'post', '/api/groups/join', { code: group.code });
  for (const [title, startsIn] of [
    ['Bills at Jets', 48 * 60],
    ['Chiefs at Raiders', 50 * 60],
  ] as const) {
    const propId = await createPropViaApi(leader.request, group.id, {
      title,
      description: 'Who wins?',
      options: title.split(' at '),
      startsIn,
    });
    const prop = (await (
      await member.request.get(`/api/predictions/group/${group.id}`)
    ).json()) as {
      id: number;
      options: { value: string }[];
    }[];
    const option = prop.find((candidate) => candidate.id === propId)?.options[0]?.value;
    await api(member.request, 'post', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: option,
    });
  }
  await member.page.goto(`/group/${group.id}`);
  return member.page;
}

test('a member numbers the week’s picks; a number another pick holds swaps the two', async ({
  people,
}) => {
  const page = await weekOfPicks(people, 'confidence');
  const card = page.getByRole('region', { name: 'Your confidence' });
  const bills = card.getByLabel('Confidence for Bills at Jets');
  const chiefs = card.getByLabel('Confidence for Chiefs at Raiders');
  await expect(bills).toHaveValue('1');
  await expect(chiefs).toHaveValue('2');
  await bills.selectOption('2');
  await expect(bills).toHaveValue('2');
  await expect(chiefs).toHaveValue('1');
  await expectNoSeriousA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-confidence-${scheme}`);
  });
});

test('a member marks the lock of the week, and marking another moves it', async ({ people }) => {
  const page = await weekOfPicks(people, 'lock');
  const card = page.getByRole('region', { name: 'Your lock of the week' });
  const bills = card.getByRole('button', { name: 'Lock of the week: Bills at Jets' });
  const chiefs = card.getByRole('button', { name: 'Lock of the week: Chiefs at Raiders' });
  await bills.click();
  await expect(bills).toHaveAttribute('aria-pressed', 'true');
  await chiefs.click();
  await expect(chiefs).toHaveAttribute('aria-pressed', 'true');
  await expect(bills).toHaveAttribute('aria-pressed', 'false');
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-lock-${scheme}`);
  });
});
