import type { Locator, Page } from '@playwright/test';
import { SAMPLE_PROPS } from '../shared/sample-props';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  expectToast,
  generatePropsForTypedGame,
  PHONE,
  screenshots,
  uniqueName,
} from './support/app';

/** Creates a group through the setup page; returns the group page's path and invite code. */
async function createGroup(page: Page, name: string, { memberProps = false } = {}) {
  await page.goto('/group-setup');
  await page.getByLabel('Group name').fill(name);
  if (memberProps) await page.getByLabel('Allow members to create custom props').check();
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/group\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
  return { path: new URL(page.url()).pathname, code };
}

async function joinGroup(page: Page, code: string, path: string) {
  await page.goto('/group-setup');
  await page.getByLabel('Group code').fill(code);
  await page.getByRole('button', { name: 'Join Group' }).click();
  await expectToast(page, 'Joined group successfully!');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function openLeaderDashboard(page: Page) {
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  const dashboard = page.getByRole('region', { name: 'Leader Dashboard' });
  await expect(dashboard).toBeVisible();
  return dashboard;
}

interface PropFields {
  sport?: 'NFL' | 'NCAAF' | 'Custom';
  customSport?: string;
  title?: string;
  description?: string;
  options?: string[];
  gameDate?: string;
}

/** Fills the Custom Prop form (a dialog or the member's panel) with what is given. */
async function fillPropForm(form: Locator, fields: PropFields) {
  if (fields.sport) await form.getByLabel('Sport', { exact: true }).selectOption(fields.sport);
  if (fields.customSport !== undefined) {
    await form.getByLabel('Custom sport name').fill(fields.customSport);
  }
  if (fields.title !== undefined) await form.getByLabel('Title').fill(fields.title);
  if (fields.description !== undefined) {
    await form.getByLabel('Description').fill(fields.description);
  }
  if (fields.options) {
    for (const [index, option] of fields.options.entries()) {
      const input = form.getByLabel(`Option ${index + 1}`, { exact: true });
      if ((await input.count()) === 0)
        await form.getByRole('button', { name: 'Add Option' }).click();
      await input.fill(option);
    }
  }
  if (fields.gameDate !== undefined) await form.getByLabel('Game Lock Time').fill(fields.gameDate);
}

function propCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/** The leader's and creator's tools sit behind each card's Manage button. */
async function manage(card: Locator) {
  const button = card.getByRole('button', { name: 'Manage' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return card;
}

/** The sheet's views: To pick, Locked, Settled. */
async function showView(page: Page, name: 'To pick' | 'Locked' | 'Settled') {
  await page
    .getByRole('group', { name: 'Show props' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

function optionButton(card: Locator, label: string) {
  // A picked option starts with a mark (✓ picked or right, ✗ wrong, ⚑ the result).
  return card.getByRole('button', { name: new RegExp(`^([✓✗⚑] )?${label}`) });
}

/**
 * The personal stats card's numbers, in order: wins, losses, win rate, pending (not the line
 * under the win rate that says what it counts, decision 0023).
 */
function statValues(page: Page) {
  return page
    .getByRole('region', { name: 'Your Stats' })
    .getByRole('definition')
    .filter({ hasNotText: /^out of/ });
}

function standingOf(page: Page, displayName: string) {
  return page
    .getByRole('region', { name: 'Leaderboard' })
    .getByRole('listitem')
    .filter({ hasText: displayName })
    .filter({ hasText: 'Position' });
}

/** Half a year ahead (a prop may be dated up to a year ahead), in the form's local format. */
const FAR_FUTURE = (() => {
  const day = new Date(Date.now() + 180 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T19:30`;
})();

/** At phone width the page scrolls only down (cards, badges and button rows all wrap). */
async function expectNoHorizontalScroll(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize(PHONE);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  if (original) await page.setViewportSize(original);
}

test('a leader writes props, members pick in their own browsers, results change the scores, and a prop locks on time without a reload', async ({
  people,
}) => {
  test.setTimeout(420_000);
  const leader = await people.account('Lee Leader');
  const lp = leader.page;
  const group = await createGroup(lp, uniqueName('Props Pool '));
  await expect(lp.getByText('No props available yet')).toBeVisible();
  await expect(lp.getByText('Create a custom prop, or generate prebuilt props')).toBeVisible();

  // The Custom Prop dialog, every §5 rule refused with the spec's toast and an inline message.
  const dashboard = await openLeaderDashboard(lp);
  await dashboard.getByRole('button', { name: 'Custom Prop' }).click();
  const dialog = lp.getByRole('dialog', { name: 'Create Custom Prop' });
  await expect(dialog).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create Prop' });

  await create.click();
  await expectToast(lp, 'Missing required fields');
  await expectToast(lp, 'Please fill in all required fields including Game Lock Time');
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByText('Please fill in all required fields including Game Lock Time').first(),
  ).toBeVisible();
  await screenshots(lp, 'props-01-custom-prop-missing-fields');

  // Two options to start with and no way to go below them; up to five.
  await expect(dialog.getByRole('button', { name: /^Remove option/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add Option' }).click();
  await expect(dialog.getByRole('button', { name: /^Remove option/ })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Remove option 3' }).click();
  await expect(dialog.getByRole('button', { name: /^Remove option/ })).toHaveCount(0);

  await fillPropForm(dialog, {
    sport: 'Custom',
    customSport: '  ',
    title: 'Who wins?',
    description: 'Straight up, overtime counts.',
    options: ['Chiefs', 'Bills'],
    gameDate: FAR_FUTURE,
  });
  await expect(dialog.getByText('121 characters left')).toBeVisible();
  await create.click();
  await expectToast(lp, 'Custom sport required');
  await expect(dialog.getByText('Please enter a custom sport name')).toBeVisible();

  await fillPropForm(dialog, { sport: 'NFL', options: ['Chiefs', '   '] });
  await create.click();
  await expectToast(lp, 'Invalid options');
  await expect(dialog.getByText('Please provide at least 2 options')).toBeVisible();

  await fillPropForm(dialog, { options: ['Chiefs', 'Bills'], gameDate: '2020-01-05T13:00' });
  await create.click();
  await expectToast(lp, 'Invalid Lock Time');
  await expect(
    dialog.getByText(
      'Please select a future date and time for the lock. The selected time has already passed.',
    ),
  ).toBeVisible();
  await screenshots(lp, 'props-02-custom-prop-lock-time');
  await expectNoSeriousA11yViolations(lp);

  await fillPropForm(dialog, { gameDate: FAR_FUTURE });
  await create.click();
  await expectToast(lp, 'Prop saved!');
  await expect(dialog).toBeHidden();
  const whoWins = propCard(lp, 'Who wins?');
  await expect(whoWins).toHaveAccessibleName(/^NFL Who wins\?/);
  await expect(whoWins.getByTestId('lock-label')).toHaveText(/^\d+d remaining$/);

  // A custom sport typed as a catalogue sport gets that sport's badge and filter.
  await dashboard.getByRole('button', { name: 'Custom Prop' }).click();
  await fillPropForm(dialog, {
    sport: 'Custom',
    customSport: 'nba',
    title: 'Total points',
    description: 'Both teams, overtime included.',
    options: ['Over 220.5', 'Under 220.5'],
    gameDate: FAR_FUTURE,
  });
  await create.click();
  await expectToast(lp, 'Prop saved!');
  await expect(propCard(lp, 'Total points')).toHaveAccessibleName(/^NBA Total points/);

  // One more, only to delete it.
  await dashboard.getByRole('button', { name: 'Custom Prop' }).click();
  await fillPropForm(dialog, {
    title: 'Delete me',
    description: 'A prop written by mistake.',
    options: ['Yes', 'No'],
    gameDate: FAR_FUTURE,
  });
  await create.click();
  await expectToast(lp, 'Prop saved!');
  await (
    await manage(propCard(lp, 'Delete me'))
  )
    .getByRole('button', { name: 'Delete Delete me' })
    .click();
  const deleteConfirm = lp.getByRole('alertdialog');
  await expect(deleteConfirm).toContainText('This cannot be undone.');
  await deleteConfirm.getByRole('button', { name: 'Delete Prop' }).click();
  await expectToast(lp, 'Prop deleted');
  await expect(propCard(lp, 'Delete me')).toHaveCount(0);

  // Two members join, each in a browser of their own.
  const ann = await people.account('Ann Member');
  const bea = await people.account('Bea Member');
  await joinGroup(ann.page, group.code, group.path);
  await joinGroup(bea.page, group.code, group.path);

  // A prop whose game starts in ten minutes (the API makes this one; the session cookie is
  // the leader's). Ann's browser then runs its clock past the kickoff (page.clock): the
  // test shows the lock arriving without waiting for it.
  const kickoff = new Date(Date.now() + 10 * 60_000);
  const created = await lp.request.post('/api/predictions', {
    data: {
      groupId: Number(group.path.split('/').pop()),
      sport: 'NFL',
      title: 'Opening kickoff',
      description: 'What happens on the opening kickoff?',
      options: ['Touchback', 'Return'],
      gameDate: kickoff.toISOString(),
    },
  });
  expect(created.status()).toBe(201);

  // Ann picks on all three; the page must never reload from here on.
  const ap = ann.page;
  await ap.clock.install();
  await ap.reload();
  await ap.evaluate(() => {
    Object.assign(window, { samePageLoad: true });
  });
  const annKickoff = propCard(ap, 'Opening kickoff');
  await expect(annKickoff.getByTestId('lock-label')).toHaveText(/^\d+m remaining$/);
  await optionButton(annKickoff, 'Touchback').click();
  await expect(optionButton(annKickoff, 'Touchback')).toHaveAttribute('aria-pressed', 'true');
  await optionButton(propCard(ap, 'Who wins?'), 'Chiefs').click();
  await expect(optionButton(propCard(ap, 'Who wins?'), 'Chiefs')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // A pick can change while the prop is open.
  await optionButton(propCard(ap, 'Total points'), 'Under').click();
  await expect(optionButton(propCard(ap, 'Total points'), 'Under')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await optionButton(propCard(ap, 'Total points'), 'Over').click();
  await expect(optionButton(propCard(ap, 'Total points'), 'Over')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(optionButton(propCard(ap, 'Total points'), 'Under')).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(statValues(ap)).toHaveText(['0', '0', '–', '3']);
  await expect(optionButton(annKickoff, 'Return')).toBeEnabled();
  await screenshots(ap, 'props-03-member-picked');

  // The kickoff passes: the buttons close and the label changes, with no reload.
  const untilKickoff = kickoff.getTime() - (await ap.evaluate(() => Date.now()));
  await ap.clock.fastForward(untilKickoff + 1_000);
  await expect(optionButton(annKickoff, 'Return')).toBeDisabled();
  await expect(optionButton(annKickoff, 'Touchback')).toBeDisabled();
  await expect(optionButton(annKickoff, 'Touchback')).toHaveAttribute('aria-pressed', 'true');
  await expect(annKickoff.getByTestId('lock-label')).toHaveText('Event started · Expired');
  expect(await ap.evaluate(() => 'samePageLoad' in window)).toBe(true);
  await screenshots(ap, 'props-04-member-prop-locked');

  // Bea picks the other side of "Who wins?" only; the kickoff is closed to her too (her
  // browser's clock is past it).
  const bp = bea.page;
  await bp.clock.install({ time: kickoff.getTime() + 1_000 });
  await bp.reload();
  await optionButton(propCard(bp, 'Who wins?'), 'Bills').click();
  await expect(optionButton(propCard(bp, 'Who wins?'), 'Bills')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await showView(bp, 'Locked');
  await expect(optionButton(propCard(bp, 'Opening kickoff'), 'Return')).toBeDisabled();

  // The leader sets a result, then changes it after confirming.
  await lp.reload();
  const leaderWhoWins = await manage(propCard(lp, 'Who wins?'));
  await leaderWhoWins.getByLabel('Result for Who wins?').selectOption({ label: 'Chiefs' });
  await leaderWhoWins.getByRole('button', { name: 'Set Result' }).click();
  await expectToast(lp, 'Result set!');
  await expect(leaderWhoWins.getByTestId('lock-label')).toHaveText('Result set');
  await leaderWhoWins.getByLabel('Result for Who wins?').selectOption({ label: 'Bills' });
  await leaderWhoWins.getByRole('button', { name: 'Set Result' }).click();
  const changeConfirm = lp.getByRole('alertdialog');
  await expect(changeConfirm).toContainText(
    'This prop already has a result: Chiefs. Are you sure you want to change it to Bills?',
  );
  await screenshots(lp, 'props-05-change-result-confirm');
  await changeConfirm.getByRole('button', { name: 'Change Result' }).click();
  await expectToast(lp, 'Result set!');
  // The leader did not pick: a decided prop without a pick is lost.
  await expect(leaderWhoWins).toContainText('Lost: no pick');

  // Total points: set; everyone has now seen its picks, so removing the result (which would
  // open it again) is refused and says why (decision 0087); the leader changes it instead.
  const leaderTotal = await manage(propCard(lp, 'Total points'));
  await leaderTotal.getByLabel('Result for Total points').selectOption({ label: 'Over 220.5' });
  await leaderTotal.getByRole('button', { name: 'Set Result' }).click();
  await expectToast(lp, 'Result set!');
  await expect(leaderTotal.getByRole('button', { name: 'Remove Result' })).toBeDisabled();
  await expect(leaderTotal).toContainText(
    'Everyone has seen the picks on this prop, so it cannot open again.',
  );
  await leaderTotal.getByLabel('Result for Total points').selectOption({ label: 'Under 220.5' });
  await leaderTotal.getByRole('button', { name: 'Set Result' }).click();
  await lp.getByRole('alertdialog').getByRole('button', { name: 'Change Result' }).click();
  await expectToast(lp, 'Result set!');

  // Scores: Bea 1–1 (50%), Ann 0–2 with a pick pending on the kickoff, Lee 0–2. The board
  // opens on the week under way (the kickoff's); the results are the far-future week's.
  await lp
    .getByRole('region', { name: 'Leaderboard' })
    .getByLabel('Board')
    .selectOption({ label: 'Season' });
  await expect(statValues(lp)).toHaveText(['0', '2', '0.0%', '0']);
  await expect(standingOf(lp, 'Bea Member')).toContainText('Position 1');
  await expect(standingOf(lp, 'Bea Member')).toContainText('1–1');
  await expect(standingOf(lp, 'Bea Member')).toContainText('50.0%');
  for (const name of ['Ann Member', 'Lee Leader']) {
    await expect(standingOf(lp, name)).toContainText('Position 2');
    await expect(standingOf(lp, name)).toContainText('0–2');
    await expect(standingOf(lp, name)).toContainText('0.0%');
  }
  await expect(lp.getByRole('button', { name: /Full Leaderboard/ })).toHaveCount(0);

  // The feed: the 5 newest in words, everything in the All Activity dialog. The results
  // complete the far-future week, so its winners' lines arrive among them as the round
  // is settled (product rules §10), one per change of winners.
  const roundWinnersLine = /^Week \d+ winners?: /;
  const recent = lp.getByRole('region', { name: 'Recent Activity' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(
    recent.getByRole('listitem').filter({ hasNotText: roundWinnersLine }).first(),
  ).toHaveText(/^Lee Leader changed the result of "Total points" from Over 220\.5 to Under 220\.5/);
  await screenshots(lp, 'props-06-leader-after-results');
  await expectNoHorizontalScroll(lp);
  await expectNoSeriousA11yViolations(lp);
  await recent.getByRole('button', { name: 'All Activity' }).click();
  const allActivity = lp.getByRole('dialog', { name: 'All Activity' });
  await expect(allActivity.getByRole('listitem').first()).toHaveText(
    /^Week \d+ winner: Bea Member \(won on points: 1 vs 0\)/,
  );
  const otherLines = allActivity.getByRole('listitem').filter({ hasNotText: roundWinnersLine });
  await expect(otherLines).toHaveCount(9);
  const newestFive = [
    /^Lee Leader changed the result of "Total points" from Over 220\.5 to Under 220\.5/,
    /^Lee Leader set the result of "Total points" to Over 220\.5/,
    /^Lee Leader changed the result of "Who wins\?" from Chiefs to Bills/,
    /^Lee Leader set the result of "Who wins\?" to Chiefs/,
    /^Lee Leader added the NFL prop "Opening kickoff"/,
  ];
  for (const [index, line] of newestFive.entries()) {
    await expect(otherLines.nth(index)).toHaveText(line);
  }
  await expect(allActivity).toContainText('Lee Leader deleted the NFL prop "Delete me"');
  await expect(allActivity).toContainText('Lee Leader added the NFL prop "Opening kickoff"');
  await screenshots(lp, 'props-07-all-activity');
  await allActivity.getByRole('button', { name: 'Close' }).click();

  // Each member sees their own numbers and outcomes.
  await ap.reload();
  expect(await ap.evaluate(() => 'samePageLoad' in window)).toBe(false);
  await expect(statValues(ap)).toHaveText(['0', '2', '0.0%', '1']);
  // Nothing is left to pick: the sheet opens on the locked props.
  await expect(propCard(ap, 'Opening kickoff')).toContainText('Pending');
  await showView(ap, 'Settled');
  await expect(propCard(ap, 'Who wins?')).toContainText('Incorrect');
  await expect(propCard(ap, 'Total points')).toContainText('Incorrect');
  await expect(standingOf(ap, 'Ann Member')).toContainText('(you)');
  await screenshots(ap, 'props-08-member-ann-scores');

  await bp.reload();
  await expect(statValues(bp)).toHaveText(['1', '1', '50.0%', '0']);
  await showView(bp, 'Settled');
  await expect(propCard(bp, 'Who wins?')).toContainText('Correct');
  await expect(optionButton(propCard(bp, 'Who wins?'), 'Bills')).toHaveAccessibleName(
    '✓ Bills (the result)',
  );
  await expect(propCard(bp, 'Total points')).toContainText('Lost: no pick');
  await expect(bp.getByRole('region', { name: 'Your Stats' })).toContainText('#1 of 3');
  await screenshots(bp, 'props-09-member-bea-scores');
  await expectNoHorizontalScroll(bp);
  await expectNoSeriousA11yViolations(bp);
});

test('a leader generates prebuilt props, filters by sport, members write their own, and Delete All Props clears the unlocked ones', async ({
  people,
}) => {
  test.setTimeout(360_000);
  const leader = await people.account('Gia Leader');
  const lp = leader.page;
  const group = await createGroup(lp, uniqueName('Open Pool '), { memberProps: true });

  await expect(lp.getByText('No props available yet')).toBeVisible();
  await lp.getByRole('button', { name: 'Generate Props' }).click();
  await generatePropsForTypedGame(lp, { sport: 'NFL' });
  await expectToast(lp, 'Props generated');
  // The Leader Dashboard's button: the empty sheet's one goes once there are props.
  const generate = lp
    .getByRole('region', { name: 'Leader Dashboard' })
    .getByRole('button', { name: 'Generate Props' });
  if (!(await generate.isVisible())) {
    await lp.getByRole('button', { name: /Leader Dashboard/ }).click();
  }
  await generate.click();
  await generatePropsForTypedGame(lp, { sport: 'NBA', away: 'Celtics', home: 'Knicks' });
  const cards = lp.getByRole('region', { name: 'Props' }).getByRole('article');
  // The sheet draws its first screen of cards, then the rest: count them once the
  // activity says how many were added, not as soon as one shows.
  const activity = lp.getByRole('region', { name: 'Recent Activity' });
  await expect(activity).toContainText(
    `Gia Leader added ${SAMPLE_PROPS.NBA.length} prebuilt props`,
  );
  const generated = SAMPLE_PROPS.NFL.length + SAMPLE_PROPS.NBA.length;
  await expect(cards).toHaveCount(generated);
  await screenshots(lp, 'props-10-generated');
  await expectNoHorizontalScroll(lp);

  // The filter lives in the URL and survives a reload.
  const filter = lp.getByRole('group', { name: 'Filter by sport' });
  await filter.getByRole('button', { name: 'NBA' }).click();
  await expect(lp).toHaveURL(/\?sport=NBA$/);
  await expect(filter.getByRole('button', { name: 'NBA' })).toHaveAttribute('aria-pressed', 'true');
  // How many NBA props the group has, from the API: counting the cards at once would race
  // the sheet drawing its first screen of cards before the rest.
  const groupProps = await lp.request.get(`/api/predictions/group/${group.path.split('/').pop()}`);
  const nbaCount = ((await groupProps.json()) as { sport: string }[]).filter(
    (prop) => prop.sport === 'NBA',
  ).length;
  expect(nbaCount).toBeGreaterThan(0);
  expect(nbaCount).toBeLessThan(generated);
  await expect(cards).toHaveCount(nbaCount);
  for (const card of await cards.all()) await expect(card).toHaveAccessibleName(/^NBA /);
  await lp.reload();
  await expect(filter.getByRole('button', { name: 'NBA' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(nbaCount);
  await screenshots(lp, 'props-11-filtered-nba');
  await filter.getByRole('button', { name: 'All Sports' }).click();
  await expect(lp).toHaveURL(new RegExp(`${group.path}$`));
  await expect(cards).toHaveCount(generated);

  // A member writes a prop in the Custom Prop Creator, then edits it.
  const member = await people.account('Max Member');
  const mp = member.page;
  await joinGroup(mp, group.code, group.path);
  await mp.getByRole('button', { name: /Custom Prop Creator/ }).click();
  const creator = mp.getByRole('region', { name: 'Custom Prop Creator' });
  await creator.getByRole('button', { name: 'Create Prop' }).click();
  await expectToast(mp, 'Missing required fields');
  await fillPropForm(creator, {
    sport: 'NCAAF',
    title: 'Rivalry week upset?',
    description: 'Does an unranked team beat a ranked rival?',
    options: ['Yes', 'No', 'Two of them'],
    gameDate: FAR_FUTURE,
  });
  await creator.getByRole('button', { name: 'Create Prop' }).click();
  await expectToast(mp, 'Custom prop created!');
  await expect(creator.getByLabel('Title')).toHaveValue('');
  const memberProp = propCard(mp, 'Rivalry week upset?');
  await expect(memberProp).toHaveAccessibleName(/^NCAAF Rivalry week upset\?/);
  await manage(memberProp);
  await expect(memberProp.getByLabel(/^Result for/)).toHaveCount(0);
  await screenshots(mp, 'props-12-member-creator');
  await expectNoHorizontalScroll(mp);
  await expectNoSeriousA11yViolations(mp);
  await memberProp.getByRole('button', { name: 'Edit Rivalry week upset?' }).click();
  const editDialog = mp.getByRole('dialog', { name: 'Edit Custom Prop' });
  await expect(editDialog.getByLabel('Title')).toHaveValue('Rivalry week upset?');
  await expect(editDialog.getByLabel('Sport', { exact: true })).toHaveValue('NCAAF');
  await editDialog.getByLabel('Title').fill('Rivalry upset?');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(mp, 'Custom prop updated!');
  await expect(propCard(mp, 'Rivalry upset?')).toBeVisible();

  // Delete All Props: asks first, then every unlocked prop is gone.
  await lp.reload();
  await expect(cards).toHaveCount(generated + 1);
  const dashboard = await openLeaderDashboard(lp);
  await dashboard.getByRole('button', { name: 'Delete All Props' }).click();
  const confirm = lp.getByRole('alertdialog');
  await expect(confirm).toContainText('This cannot be undone.');
  await screenshots(lp, 'props-13-delete-all-confirm');
  await confirm.getByRole('button', { name: 'Delete All Props' }).click();
  await expectToast(lp, 'Props deleted successfully');
  await expect(lp.getByText('No props available yet')).toBeVisible();
  await expect(lp.getByRole('region', { name: 'Recent Activity' })).toContainText(
    `${generated + 1} unlocked props deleted`,
  );
});
