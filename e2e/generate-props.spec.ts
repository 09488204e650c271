import { SAMPLE_PROPS } from '../shared/sample-props';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  PHONE,
  SCREENSHOT_DIR,
  expectToast,
  inBothThemesAndWidths,
  signUp,
  uniqueName,
} from './support/app';

/**
 * Generate Props asks first (issue 12): the count per sport, a checkbox for each, and only
 * the sports the leader keeps ticked are added.
 */
test('Generate Props shows the count per sport and adds only the sports chosen', async ({
  page,
}) => {
  await signUp(page, {
    displayName: 'Gen Leader',
    username: uniqueName('gen'),
    password: 'pass123',
  });
  const created = await page.request.post('/api/groups', {
    data: { name: uniqueName('Gen '), activeSports: ['NFL', 'NBA', 'NHL', 'Crazy Props'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const groupId = ((await created.json()) as { group: { id: number } }).group.id;
  // The group already has one of NFL's samples.
  const had = SAMPLE_PROPS.NFL[0]!;
  const custom = await page.request.post('/api/predictions', {
    data: {
      groupId,
      sport: 'NFL',
      customSport: '',
      title: had.title,
      description: 'Our own version of it.',
      options: ['Home', 'Away'],
      gameDate: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    },
  });
  expect(custom.status(), await custom.text()).toBe(201);

  await page.setViewportSize(PHONE);
  await page.goto(`/group/${groupId}`);
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await page.getByRole('button', { name: 'Generate Props' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Props' });
  const nfl = dialog.getByRole('checkbox', { name: 'NFL' });
  const nba = dialog.getByRole('checkbox', { name: 'NBA' });
  const nhl = dialog.getByRole('checkbox', { name: 'NHL' });
  // One checkbox per sport with samples, ticked, with its count; nothing added yet.
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);
  for (const box of [nfl, nba, nhl]) await expect(box).toBeChecked();
  const nflCount = SAMPLE_PROPS.NFL.length - 1;
  await expect(dialog).toContainText(`NFL${nflCount} props (1 already in the group)`);
  await expect(dialog).toContainText(`NBA${SAMPLE_PROPS.NBA.length} props`);
  await expect(dialog).toContainText(`NHL${SAMPLE_PROPS.NHL.length} props`);
  const all = nflCount + SAMPLE_PROPS.NBA.length + SAMPLE_PROPS.NHL.length;
  await expect(dialog.getByRole('button', { name: `Add ${all} props` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Props' }).getByRole('article')).toHaveCount(1);

  await inBothThemesAndWidths(page, async (scheme, label) => {
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOTS === '1') {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/generate-props-${scheme}-${label}.png` });
    }
  });

  // Unticking NBA takes its props out of the total; Escape leaves without adding anything.
  await nba.uncheck();
  const chosen = nflCount + SAMPLE_PROPS.NHL.length;
  await expect(dialog.getByRole('button', { name: `Add ${chosen} props` })).toBeVisible();
  await dialog.getByRole('button', { name: `Add ${chosen} props` }).click();
  await expectToast(page, 'Props generated');
  await expect(dialog).toBeHidden();
  const cards = page.getByRole('region', { name: 'Props' }).getByRole('article');
  await expect(cards).toHaveCount(chosen + 1);
  for (const card of await cards.all()) await expect(card).toHaveAccessibleName(/^(NFL|NHL) /);

  // Asked again: the sports already added are done, NBA is still on offer.
  await page.getByRole('button', { name: 'Generate Props' }).click();
  await expect(nfl).toBeDisabled();
  await expect(nfl).not.toBeChecked();
  await expect(dialog).toContainText(`NFL${`All ${SAMPLE_PROPS.NFL.length} already in the group`}`);
  await expect(nba).toBeChecked();
  await expect(
    dialog.getByRole('button', { name: `Add ${SAMPLE_PROPS.NBA.length} props` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(chosen + 1);
});
