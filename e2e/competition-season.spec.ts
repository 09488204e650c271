import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expectToast, inBothThemesAndWidths, PHONE, screenshots, uniqueName } from './support/app';
import { api } from './support/game-day';
import type { Person } from './support/people';
import { createPropViaApi, nextWholeMinute } from './support/sheet';

/**
 * Issue 43, a season played from the screens at a phone's width: a round's confidences and
 * tiebreaker, its results and winner, the board by round and by season, the next season.
 */

const tiebreakerCard = (page: Page, round: string) =>
  page.getByRole('region', { name: `${round} tiebreaker` });

/** The browser's own wall clock `ms` from now, as a datetime-local control takes it. */
const localTimeIn = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const date = new Date(at);
    const pad = (value: number) => String(value).padStart(2, '0');
    return (
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
      `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    );
  }, Date.now() + ms);

async function pick(person: Person, groupId: number, propId: number, option: string) {
  await api(person.request, 'post', '/api/user-predictions', {
    predictionId: propId,
    selectedOption: option,
  });
}

test('a round played from the screens: confidences, the tiebreaker, the results', async ({
  people,
}) => {
  const leader = await people.account('Lena Leader', { viewport: PHONE });
  const { group } = (await api(leader.request, 'post', '/api/groups', {
    name: uniqueName('Season '),
    scoring: 'confidence',
  })) as { group: { id: number; code: string } };
  const sam = await people.account('Sam Sharp', { viewport: PHONE });
  const kim = await people.account('Kim Close', { viewport: PHONE });
  for (const member of [sam, kim]) {
    await api(member.request, 'post', '/api/groups/join', { code: group.code });
  }
  // This week's two games, and one the same time next week: Week 1 and Week 2.
  const from = nextWholeMinute();
  const games = [
    ['Bills at Jets', 90],
    ['Chiefs at Raiders', 95],
    ['Packers at Bears', 7 * 24 * 60 + 95],
  ] as const;
  const propIds: number[] = [];
  for (const [title, startsIn] of games) {
    const options = title.split(' at ');
    propIds.push(
      await createPropViaApi(
        leader.request,
        group.id,
        { title, description: `${title}: who wins?`, options, startsIn },
        from,
      ),
    );
  }
  const [bills = 0, chiefs = 0, packers = 0] = propIds;
  for (const member of [sam, kim]) {
    await pick(member, group.id, bills, 'Bills');
    await pick(member, group.id, chiefs, 'Chiefs');
  }

  // The leader asks the week's tiebreaker, answers sealed until it locks.
  const { page } = leader;
  await page.goto(`/group/${group.id}`);
  const ask = tiebreakerCard(page, 'Week 1');
  await ask.getByLabel('Question').fill('Total points, Bills at Jets?');
  await ask.getByLabel('Answers lock at').fill(await localTimeIn(page, 25_000));
  await ask.getByRole('button', { name: 'Ask tiebreaker' }).click();
  await expect(ask.getByText('Total points, Bills at Jets?')).toBeVisible();

  // Sam numbers the week's picks and answers; Kim answers too.
  await sam.page.goto(`/group/${group.id}`);
  const confidence = sam.page.getByRole('region', { name: 'Your confidence' });
  await confidence.getByLabel('Confidence for Bills at Jets').selectOption('2');
  await expect(confidence.getByLabel('Confidence for Chiefs at Raiders')).toHaveValue('1');
  const samCard = tiebreakerCard(sam.page, 'Week 1');
  await samCard.getByLabel('Your answer (0–999)').fill('47');
  await samCard.getByRole('button', { name: 'Save answer' }).click();
  await expect(samCard.getByRole('button', { name: 'Change answer' })).toBeVisible();
  await expect(samCard.getByText(/1 answer, sealed until then/)).toBeVisible();
  await samCard.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(sam.page);
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-tiebreaker-open-${scheme}`);
  });
  const tiebreakerPath = `/api/groups/${group.id}/rounds`;
  const [week1] = (await (await kim.request.get(tiebreakerPath)).json()) as { id: number }[];
  await api(kim.request, 'put', `${tiebreakerPath}/${week1?.id}/tiebreaker/answer`, {
    value: 50,
  });

  // Once it locks everyone's answers show; the leader sets the figure.
  await expect(ask.getByRole('list', { name: 'Tiebreaker answers' })).toBeVisible({
    timeout: 40_000,
  });
  await ask.getByLabel('Actual figure (0–999)').fill('45');
  await ask.getByRole('button', { name: 'Set figure' }).click();
  await expect(ask.getByTestId('tiebreaker-actual')).toHaveText('Actual: 45');
  await expect(
    ask.getByRole('list', { name: 'Tiebreaker answers' }).getByRole('listitem').first(),
  ).toHaveText(/Sam Sharp.*47.*2 off/);
  await ask.scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-season-tiebreaker-locked-${scheme}`);
  });

  // The results: equal points, so the tiebreaker decides the week.
  await api(page.request, 'put', `/api/predictions/${bills}`, { result: 'Bills' });
  await api(page.request, 'put', `/api/predictions/${chiefs}`, { result: 'Chiefs' });

  // Sam reads the week's board, its winner, the next week's and the season's.
  await sam.page.setViewportSize(PHONE);
  await sam.page.reload();
  await sam.page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  const board = sam.page.getByRole('region', { name: 'Leaderboard' });
  await expect(board.getByLabel('Board')).toHaveValue(String(week1?.id));
  await expect(board.getByTestId('round-outcome')).toHaveText(
    'Week 1 winner: Sam Sharp · won on the tiebreaker: 47 vs 50',
    { timeout: 30_000 },
  );
  const samRow = board.getByRole('listitem').filter({ hasText: 'Sam Sharp' });
  await expect(samRow.getByTestId('points')).toHaveText('3 points');
  await expect(samRow.getByTestId('record')).toHaveText(/2–0/);
  await board.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(sam.page);
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-round-board-${scheme}`);
  });
  await sam.page.setViewportSize(PHONE);
  await board.getByLabel('Board').selectOption({ label: 'Week 2' });
  await expect(board.getByTestId('round-outcome')).toHaveText('Week 2 is in play: 1 prop.');
  await expect(sam.page).toHaveURL(/[?&]board=\d+/);
  await board.getByLabel('Board').selectOption({ label: 'Season' });
  await expect(board.getByRole('list', { name: 'Weekly winners' })).toHaveText(
    'Week 1 winner: Sam Sharp',
  );
  await expect(samRow.getByTestId('points')).toHaveText('3 points');
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-season-board-${scheme}`);
  });

  // The race so far: a rank chart, with its table for screen readers.
  await sam.page.setViewportSize(PHONE);
  await board.getByRole('button', { name: 'Rank chart' }).click();
  await expect(board.getByTestId('rank-chart').locator('.recharts-line')).toHaveCount(3);
  const race = board.getByRole('table', { name: 'Place after each week, top ten and you' });
  await expect(race.getByRole('row', { name: /Sam Sharp \(you\)/ })).toContainText('#1');
  await board.getByTestId('rank-chart').scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(sam.page);
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-rank-chart-${scheme}`);
  });
  await board.getByRole('button', { name: 'Show as table' }).click();
  await expect(race).toBeVisible();
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-rank-table-${scheme}`);
  });

  // The leader starts the next season: refused while next week's prop has no result.
  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  const dashboard = page.getByRole('region', { name: 'Leader Dashboard' });
  await dashboard.getByLabel('New season name').fill('Season 2');
  await dashboard.getByRole('button', { name: 'Start New Season' }).click();
  await page.getByRole('button', { name: 'Start Season' }).click();
  await expect(dashboard.getByRole('alert')).toContainText('"Packers at Bears"');
  await dashboard.getByRole('alert').scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-season-refused-${scheme}`);
  });
  await page.setViewportSize(PHONE);
  await api(page.request, 'put', `/api/predictions/${packers}`, { result: 'Packers' });
  await dashboard.getByRole('button', { name: 'Start New Season' }).click();
  await page.getByRole('button', { name: 'Start Season' }).click();
  await expectToast(page, 'Season 2 started');

  // Last season stays, read only, with its champion.
  await sam.page.setViewportSize(PHONE);
  await sam.page.goto(`/group/${group.id}`);
  await sam.page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  await board.getByLabel('Season').selectOption({ label: 'Season 1 · champion: Sam Sharp' });
  await expect(board.getByTestId('season-champion')).toHaveText(
    'Season 1 champion: Sam Sharp · archived, read only',
  );
  await expect(samRow.getByTestId('points')).toHaveText('3 points');
  await board.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(sam.page);
  await inBothThemesAndWidths(sam.page, async (scheme) => {
    await screenshots(sam.page, `competition-season-archived-${scheme}`);
  });
});

test('a week nobody scored in: the board says it has no winner', async ({ people }) => {
  const leader = await people.account('Lena Leader', { viewport: PHONE });
  const { group } = (await api(leader.request, 'post', '/api/groups', {
    name: uniqueName('Void week '),
  })) as { group: { id: number; code: string } };
  const sam = await people.account('Sam Sharp', { viewport: PHONE });
  await api(sam.request, 'post', '/api/groups/join', { code: group.code });
  const prop = await createPropViaApi(
    leader.request,
    group.id,
    { title: 'Bills at Jets', description: 'Who wins?', options: ['Bills', 'Jets'], startsIn: 90 },
    nextWholeMinute(),
  );
  await pick(sam, group.id, prop, 'Bills');
  await api(leader.request, 'put', `/api/predictions/${prop}`, { result: 'N/A' });

  const { page } = sam;
  await page.goto(`/group/${group.id}`);
  await page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await expect(board.getByTestId('round-outcome')).toHaveText(
    'Week 1 is complete: nobody scored a point, so it has no winner.',
  );
  await board.scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-season-void-week-${scheme}`);
  });
});

test('a member who joins after a result: its card says it is not counted', async ({ people }) => {
  const leader = await people.account('Lena Leader', { viewport: PHONE });
  const { group } = (await api(leader.request, 'post', '/api/groups', {
    name: uniqueName('Late '),
  })) as { group: { id: number; code: string } };
  const prop = await createPropViaApi(
    leader.request,
    group.id,
    { title: 'Bills at Jets', description: 'Who wins?', options: ['Bills', 'Jets'], startsIn: 90 },
    nextWholeMinute(),
  );
  await api(leader.request, 'put', `/api/predictions/${prop}`, { result: 'Bills' });
  const kim = await people.account('Kim Late', { viewport: PHONE });
  await api(kim.request, 'post', '/api/groups/join', { code: group.code });

  // Next week's game: the first week of two that counts for Kim.
  await createPropViaApi(
    leader.request,
    group.id,
    {
      title: 'Chiefs at Raiders',
      description: 'Who wins?',
      options: ['Chiefs', 'Raiders'],
      startsIn: 7 * 24 * 60 + 90,
    },
    nextWholeMinute(),
  );

  const { page } = kim;
  await page.goto(`/group/${group.id}`);
  await page
    .getByRole('group', { name: 'Show props' })
    .getByRole('button', { name: /^Settled/ })
    .click();
  const card = page.getByRole('region', { name: 'Props' }).getByRole('article');
  await expect(card.getByText('Not counted: it locked before you joined')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-season-late-joiner-${scheme}`);
  });

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Full leaderboard and activity' }).click();
  const board = page.getByRole('region', { name: 'Leaderboard' });
  await board.getByLabel('Board').selectOption({ label: 'Season' });
  await expect(
    board.getByRole('listitem').filter({ hasText: 'Kim Late' }).getByTestId('rounds-counted'),
  ).toHaveText('Joined late: 1 of 2 weeks count');
  await board.scrollIntoViewIfNeeded();
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `competition-season-late-joiner-board-${scheme}`);
  });
});
