import { feedDayOf } from '../server/src/modules/games/games.service';
import { SAMPLE_PROPS } from '../shared/sample-props';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  PHONE,
  SCREENSHOT_DIR,
  expectToast,
  inBothThemesAndWidths,
  openLeaderDashboard,
  signUp,
  uniqueName,
} from './support/app';
import { expect, test } from './support/test';

/**
 * Generate Props names a game (issue 42): the leader chooses one of the scores feed's games
 * (a real HTTP server on 127.0.0.1) or types the teams of one the feed does not list, and
 * every generated prop's heading and options name its teams.
 */
test('Generate Props adds the sample props of a chosen game, naming its teams, once', async ({
  page,
  scoresFeed,
}) => {
  const tipOff = new Date(Date.now() + 30 * 3_600_000);
  tipOff.setUTCMinutes(30, 0, 0);
  scoresFeed.set('basketball/nba', feedDayOf(tipOff), [
    { id: '4201', date: tipOff.toISOString(), home: 'NYK', away: 'BOS' },
  ]);
  await signUp(page, {
    displayName: 'Gen Leader',
    username: uniqueName('gen'),
    password: 'pass123',
  });
  const created = await page.request.post('/api/groups', {
    data: { name: uniqueName('Gen '), activeSports: ['NBA', 'NHL', 'Crazy Props'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const groupId = ((await created.json()) as { group: { id: number } }).group.id;

  await page.setViewportSize(PHONE);
  await page.goto(`/group/${groupId}`);
  const dialog = page.getByRole('dialog', { name: 'Generate Props' });
  const openDialog = async () => {
    if (await dialog.isVisible()) return;
    // The Leader Dashboard's button (an empty sheet shows another one).
    const button = page
      .getByRole('region', { name: 'Leader Dashboard' })
      .getByRole('button', { name: 'Generate Props' });
    // Tried again until it opens: a new width remounts the dashboard, which may land
    // between the look and the click.
    await expect(async () => {
      if (!(await button.isVisible())) await openLeaderDashboard(page);
      await button.click({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
  };
  await openDialog();
  // The group's sports with samples; the feed's game is offered first.
  const sport = dialog.getByRole('combobox', { name: 'Sport' });
  await expect(sport.getByRole('option')).toHaveText(['NBA', 'NHL']);
  const game = dialog.getByRole('combobox', { name: 'Game' });
  await expect(game).toHaveValue(/^\d+$/);
  await expect(game.getByRole('option').first()).toHaveText(/^BOS Team at NYK Team, /);
  await expect(dialog).toContainText(/Starts .*: the props lock then\./);
  const nba = SAMPLE_PROPS.NBA.length;
  await expect(dialog.getByRole('button', { name: `Add ${nba} props` })).toBeVisible();

  await inBothThemesAndWidths(page, async (scheme, label) => {
    await openDialog();
    await expect(game).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOTS === '1') {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/generate-props-${scheme}-${label}.png` });
    }
  });
  await page.setViewportSize(PHONE);
  await openDialog();
  await dialog.getByRole('button', { name: `Add ${nba} props` }).click();
  await expectToast(page, 'Props generated');
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('region', { name: 'Props' }).getByRole('article');
  await expect(cards).toHaveCount(nba);
  for (const card of await cards.all()) {
    await expect(card).toHaveAccessibleName(/BOS Team at NYK Team: /);
  }
  const firstTo20 = cards.filter({ hasText: 'Which team reaches 20 points first?' });
  await expect(firstTo20).toHaveAccessibleName(/BOS Team at NYK Team: first to 20 points/);
  await expect(firstTo20.getByRole('button', { name: /NYK Team/ })).toBeVisible();
  await expect(firstTo20.getByRole('button', { name: /BOS Team/ })).toBeVisible();
  await expect(page.getByText(/Home team|Away team/)).toHaveCount(0);

  // The same game again adds nothing.
  await openDialog();
  await dialog.getByRole('button', { name: `Add ${nba} props` }).click();
  await expectToast(page, 'No new props');
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(nba);

  // NHL: the feed has no game, so the leader types the teams; both are required.
  await openDialog();
  await sport.selectOption('NHL');
  await expect(dialog).toContainText('The scores feed has no NHL games');
  await expect(dialog).toContainText(/The props lock .*, the next usual NHL game time\./);
  const add = dialog.getByRole('button', { name: `Add ${SAMPLE_PROPS.NHL.length} props` });
  await inBothThemesAndWidths(page, async (scheme, label) => {
    await openDialog();
    await sport.selectOption('NHL');
    await expect(dialog.getByRole('textbox', { name: 'Away team' })).toBeVisible();
    if (process.env.SCREENSHOTS === '1') {
      await page.screenshot({
        path: `${SCREENSHOT_DIR}/generate-props-typed-${scheme}-${label}.png`,
      });
    }
  });
  await page.setViewportSize(PHONE);
  await openDialog();
  await sport.selectOption('NHL');
  await add.click();
  await expectToast(page, 'Away team is required');
  await expect(dialog.getByRole('textbox', { name: 'Away team' })).toHaveAccessibleDescription(
    'Away team is required',
  );
  await dialog.getByRole('textbox', { name: 'Away team' }).fill('Bruins');
  await dialog.getByRole('textbox', { name: 'Home team' }).fill('Rangers');
  await add.click();
  await expectToast(page, 'Props generated');
  await expect(cards).toHaveCount(nba + SAMPLE_PROPS.NHL.length);
  const bruins = cards.filter({ hasText: 'Which team scores the first goal?' });
  await expect(bruins).toHaveAccessibleName(/Bruins at Rangers: first goal/);
  await expect(bruins.getByRole('button', { name: /Rangers/ })).toBeVisible();
});
