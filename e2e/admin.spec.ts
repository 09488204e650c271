import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  DESKTOP,
  expectToast,
  signIn,
  openUserMenu,
  PHONE,
  screenshots,
  uniqueName,
} from './support/app';
import { OPERATOR } from './support/operator';

// What the e2e server's sheets hold (e2e/fixtures/master-props-*.csv): 4 NFL rows, one
// decided ('No') and one void; 2 NCAAF rows. Every game is in January 2030.
const SYNC_SUMMARY = 'Synced 4 NFL props and 2 NCAAF props to match spreadsheet';

function masterCard(page: Page, title: string) {
  return page.getByRole('list', { name: 'Master props' }).getByRole('article', { name: title });
}

function tile(page: Page, label: string) {
  return page.getByRole('list', { name: 'Master prop totals' }).getByRole('listitem').filter({
    hasText: label,
  });
}

async function expectTiles(
  page: Page,
  counts: { total: number; withResults: number; voided: number; none: number },
) {
  await expect(tile(page, 'Master Props Available')).toContainText(String(counts.total));
  await expect(tile(page, 'With Results')).toContainText(String(counts.withResults));
  await expect(tile(page, 'N/A Results')).toContainText(String(counts.voided));
  await expect(tile(page, 'No Result')).toContainText(String(counts.none));
}

async function chooseResult(card: Locator, result: string) {
  await card.getByRole('combobox').selectOption(result);
  await card.getByRole('button', { name: 'Set', exact: true }).click();
}

/** Shows `month` ('January 2030') first in the two-month calendar, with its caption's menus. */
async function showMonth(dialog: Locator, month: string) {
  const [name = '', year = ''] = month.split(' ');
  await dialog.getByRole('combobox', { name: 'Choose the Year' }).first().selectOption(year);
  await dialog
    .getByRole('combobox', { name: 'Choose the Month' })
    .first()
    .selectOption({ label: name.slice(0, 3) });
  await expect(dialog.getByRole('grid').first()).toHaveAccessibleName(month);
}

/** Phone-first: at 375 px nothing may stick out sideways. */
async function expectNoSidewaysScrollOnPhone(page: Page) {
  await page.setViewportSize(PHONE);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

function propCard(page: Page, title: string) {
  return page.getByRole('article', { name: title });
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

test('a signed-in member who is not the operator is refused the admin panel', async ({
  people,
}) => {
  const person = await people.signUp('Nico Nosy');
  const page = person.page;
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/master-props') listRequests.push(request.url());
  });
  await openUserMenu(page, 'Nico Nosy');
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin/results');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You do not have permission to access this page.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sync Master Props/ })).toHaveCount(0);
  // Product rules §6: the master list is fetched for the admin only.
  expect(listRequests).toEqual([]);
  await screenshots(page, 'admin-00-access-denied');
});

test('the operator syncs the sheets, filters and settles props; a leader imports them with the calendar; a member’s pick is scored by the operator’s result', async ({
  people,
  page,
}) => {
  test.setTimeout(360_000);

  // ---- The operator: sync, tiles, filters in the URL.
  await signIn(page, OPERATOR);
  await openUserMenu(page, OPERATOR.displayName);
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('No master props found matching your filters.')).toBeVisible();

  await page.getByRole('button', { name: 'Sync Master Props with Spreadsheet' }).click();
  await expectToast(page, 'Master props synced successfully');
  await expectToast(page, SYNC_SUMMARY);
  await expectTiles(page, { total: 6, withResults: 1, voided: 1, none: 4 });

  const billsAtJets = masterCard(page, 'Bills at Jets');
  await expect(billsAtJets).toContainText('Who wins in the Meadowlands?');
  await expect(billsAtJets).toContainText('NFL');
  // 13:00 in New York, whatever the browser's zone.
  await expect(billsAtJets).toContainText('Sun, Jan 6, 2030, 1:00 PM EST');
  await expect(billsAtJets).toContainText('Bills vs Jets');
  await expect(billsAtJets).toContainText('No result');
  await expect(billsAtJets).toContainText('Not imported by any group');
  await expect(masterCard(page, 'Packers at Bears')).toContainText('Result: No');
  await expect(masterCard(page, 'Eagles at Giants')).toContainText('Result: N/A');
  // §4 admin sort: no real result (none or N/A) first, by game date; decided last.
  await expect(
    page.getByRole('list', { name: 'Master props' }).getByRole('heading', { level: 3 }),
  ).toHaveText([
    'Oregon at Ohio State',
    'Bills at Jets',
    'Chiefs at Raiders',
    'Georgia vs. Alabama',
    'Eagles at Giants',
    'Packers at Bears',
  ]);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScrollOnPhone(page);
  await screenshots(page, 'admin-01-synced');

  const search = page.getByLabel('Search props');
  await search.fill('MEADOWLANDS');
  await expect(page.getByRole('list', { name: 'Master props' }).getByRole('article')).toHaveCount(
    1,
  );
  await expect(billsAtJets).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=MEADOWLANDS/);
  await search.fill('raiders');
  await expect(masterCard(page, 'Chiefs at Raiders')).toBeVisible();
  await expect(billsAtJets).toHaveCount(0);
  await search.fill('golf');
  await expect(page.getByText('No master props found matching your filters.')).toBeVisible();
  await search.fill('');

  const sportFilter = page.getByRole('group', { name: 'Filter by sport' });
  await expect(sportFilter.getByRole('button')).toHaveText(['All Sports', 'NFL', 'NCAAF']);
  await sportFilter.getByRole('button', { name: 'NCAAF' }).click();
  await expect(page).toHaveURL(/[?&]sport=NCAAF/);
  await expect(page.getByRole('list', { name: 'Master props' }).getByRole('article')).toHaveCount(
    2,
  );
  // The filter is in the URL: a reload keeps it.
  await page.reload();
  await expect(sportFilter.getByRole('button', { name: 'NCAAF' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('list', { name: 'Master props' }).getByRole('article')).toHaveCount(
    2,
  );
  await sportFilter.getByRole('button', { name: 'All Sports' }).click();

  const withResults = page.getByRole('button', { name: /With Results/ });
  await withResults.click();
  await expect(withResults).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]results=with/);
  await expect(page.getByRole('list', { name: 'Master props' }).getByRole('article')).toHaveCount(
    1,
  );
  await expect(masterCard(page, 'Packers at Bears')).toBeVisible();
  await screenshots(page, 'admin-02-with-results');
  await withResults.click();
  await expect(withResults).toHaveAttribute('aria-pressed', 'false');

  // ---- Changing a result asks first; Cancel keeps it.
  const packers = masterCard(page, 'Packers at Bears');
  await expect(packers.getByRole('button', { name: 'Set', exact: true })).toBeDisabled();
  await expect(packers.getByRole('combobox').getByRole('option')).toHaveText([
    'Choose the result…',
    'Yes',
    'No',
    'N/A (void)',
  ]);
  await chooseResult(packers, 'Yes');
  let confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'This prop already has a result: No. Are you sure you want to change it to Yes?',
  );
  await screenshots(page, 'admin-03-change-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(packers).toContainText('Result: No');
  await packers.getByRole('button', { name: 'Set', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change Result' }).click();
  await expectToast(page, 'Success');
  await expectToast(page, 'Master prop result updated!');
  await expect(packers).toContainText('Result: Yes');

  // Reset warns that it cannot be undone, then clears the result.
  await packers.getByRole('button', { name: 'Reset' }).click();
  confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Reset Result' }).click();
  await expectToast(page, 'Master prop result updated!');
  await expect(packers).toContainText('No result');
  await expectTiles(page, { total: 6, withResults: 0, voided: 1, none: 5 });

  // ---- Create Official Event: the form's rules, then the event.
  await page.getByRole('button', { name: 'Create Official Event' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'Create Official Event' });
  await expect(eventDialog.getByLabel('Event name')).toHaveValue('');
  for (const [sport, ticked] of [
    ['NFL', true],
    ['NCAAF', true],
    ['NBA', false],
    ['MLB', false],
    ['NHL', false],
  ] as const) {
    const box = eventDialog.getByRole('checkbox', { name: sport });
    if (ticked) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  await expect(eventDialog.getByRole('radio', { name: /Leader only/ })).toBeChecked();
  await expect(eventDialog.getByRole('radio', { name: /Game start/ })).toBeChecked();
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(eventDialog.getByText('Group name is required')).toBeVisible();
  const eventName = uniqueName('Bowl Week ');
  await eventDialog.getByLabel('Event name').fill(eventName);
  await eventDialog.getByRole('checkbox', { name: 'NFL' }).uncheck();
  await eventDialog.getByRole('checkbox', { name: 'NCAAF' }).uncheck();
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(eventDialog.getByText('At least one sport must be selected')).toBeVisible();
  await eventDialog.getByRole('checkbox', { name: 'NFL' }).check();
  await screenshots(page, 'admin-04-official-event-dialog');
  await eventDialog.getByRole('button', { name: 'Create Event' }).click();
  await expectToast(page, 'Official event created!');
  await expect(
    page.getByText(new RegExp(`^${eventName} is live\\. Its invite code is [A-Z0-9]+\\.$`)).first(),
  ).toBeVisible();
  await expect(eventDialog).toBeHidden();

  // ---- A leader imports with the calendar.
  const leader = await people.account('Lena Leader');
  const lp = leader.page;
  const groupName = uniqueName('Import Pool ');
  await lp.goto('/group-setup');
  await lp.getByLabel('Group name').fill(groupName);
  await lp.getByRole('button', { name: 'Create Group' }).click();
  await expect(lp).toHaveURL(/\/group\/\d+$/);
  const groupPath = new URL(lp.url()).pathname;
  const code = (await lp.getByTestId('invite-code').textContent())?.trim() ?? '';

  await lp.getByRole('button', { name: /Leader Dashboard/ }).click();
  const dashboard = lp.getByRole('region', { name: 'Leader Dashboard' });
  await dashboard.getByRole('button', { name: 'Import Props' }).click();
  const importDialog = lp.getByRole('dialog', { name: 'Import Props' });
  await expect(importDialog).toBeVisible();
  // Two months at once, starting with this one; the range runs from today to a week on.
  await expect(importDialog.getByRole('grid')).toHaveCount(2);
  await expect(importDialog.getByRole('button', { name: /^Today, .*selected$/ })).toBeVisible();
  const submitImport = importDialog.getByRole('button', { name: 'Import Props' });

  await submitImport.click();
  await expectToast(lp, 'Failed to import props');
  await expect(importDialog.getByText('Please select a sport')).toBeVisible();

  await importDialog.getByLabel('Sport').selectOption('NFL');
  // Nothing in this week: the sheets' games are in 2030.
  await expect(importDialog.getByTestId('import-count')).toHaveText(/^0 matching NFL master props/);

  // Importing from an empty range is information, not a success; the dialog stays open.
  await importDialog.getByLabel('Import All').check();
  await submitImport.click();
  await expect(
    lp.locator('[data-sonner-toast][data-type="info"]', { hasText: 'Nothing to import' }),
  ).toBeVisible();
  await expectToast(lp, 'No new NFL props to import in that date range');
  await expect(importDialog).toBeVisible();
  await importDialog.getByLabel('Import All').uncheck();

  // The calendar behaves like a booking calendar. Closing forgets a half range: a click
  // after the complete default week starts a new range, and the dialog opens again on
  // the default week.
  const rangeText = importDialog.getByTestId('import-range');
  await importDialog.getByRole('button', { name: /^Today, / }).click();
  await expect(rangeText).toContainText('now choose the last day');
  await lp.keyboard.press('Escape');
  await expect(importDialog).toBeHidden();
  await dashboard.getByRole('button', { name: 'Import Props' }).click();
  await expect(rangeText).toContainText('–');
  await expect(rangeText).not.toContainText('choose');
  await importDialog.getByLabel('Sport').selectOption('NFL');
  const jan1 = importDialog.getByRole('button', { name: /^Tuesday, January 1st, 2030/ });
  const jan10 = importDialog.getByRole('button', { name: /^Thursday, January 10th, 2030/ });
  await showMonth(importDialog, 'January 2030');
  // The arrows move a month at a time from there.
  await importDialog.getByRole('button', { name: 'Go to the Next Month' }).click();
  await expect(importDialog.getByRole('grid').first()).toHaveAccessibleName('February 2030');
  await importDialog.getByRole('button', { name: 'Go to the Previous Month' }).click();
  await expect(importDialog.getByRole('grid').first()).toHaveAccessibleName('January 2030');
  await jan1.click();
  await expect(rangeText).toHaveText('From Jan 1, 2030: now choose the last day');
  // Half a range: nothing counted, Import waits for the last day and says so.
  await expect(importDialog.getByTestId('import-count')).toHaveCount(0);
  await expect(submitImport).toBeDisabled();
  await expect(
    importDialog.getByText(
      'Choose the last day of the range to import (the same day again for one day).',
    ),
  ).toBeVisible();
  await screenshots(lp, 'admin-05a-import-half-range');
  // The start again makes a one-day range.
  await jan1.click();
  await expect(rangeText).toHaveText('Jan 1, 2030 only');
  await expect(submitImport).toBeEnabled();
  await jan1.click();
  await jan10.click();
  await expect(rangeText).toHaveText('Jan 1, 2030 – Jan 10, 2030');
  // A click after a complete range starts a new one.
  await jan10.click();
  await expect(rangeText).toHaveText('From Jan 10, 2030: now choose the last day');
  await jan1.click();
  await expect(rangeText).toHaveText('From Jan 1, 2030: now choose the last day');
  await jan10.click();
  await expect(rangeText).toHaveText('Jan 1, 2030 – Jan 10, 2030');
  // Bills at Jets and Chiefs at Raiders (the decided and void games are on the 20th).
  await expect(importDialog.getByTestId('import-count')).toHaveText(/^2 matching NFL master props/);

  const countField = importDialog.getByLabel('Number of props');
  await countField.fill('0');
  await submitImport.click();
  await expect(
    importDialog.getByText('You must enter a positive number of props to import'),
  ).toBeVisible();
  await importDialog.getByLabel('Import All').check();
  await expect(countField).toBeDisabled();
  await expectNoSeriousA11yViolations(lp);
  await expectNoSidewaysScrollOnPhone(lp);
  await screenshots(lp, 'admin-05-import-dialog');
  await submitImport.click();
  await expectToast(lp, 'Props imported successfully');
  await expectToast(lp, 'Imported 2 NFL props');
  await expect(importDialog).toBeHidden();
  await expect(propCard(lp, 'Bills at Jets')).toBeVisible();
  await expect(propCard(lp, 'Chiefs at Raiders')).toBeVisible();
  await expect(propCard(lp, 'Packers at Bears')).toHaveCount(0);
  await expect(lp.getByRole('region', { name: 'Recent Activity' })).toContainText(
    'Lena Leader imported 2 NFL props',
  );
  // Imported props take their results from the operator: no result control for the leader.
  await expect(
    propCard(lp, 'Bills at Jets').getByRole('button', { name: 'Set Result' }),
  ).toHaveCount(0);
  await screenshots(lp, 'admin-06-imported');

  // ---- A member picks on the imported prop.
  const member = await people.account('Milo Member');
  const mp = member.page;
  await mp.goto('/group-setup');
  await mp.getByLabel('Group code').fill(code);
  await mp.getByRole('button', { name: 'Join Group' }).click();
  await expectToast(mp, 'Joined group successfully!');
  await expect(mp).toHaveURL(new RegExp(`${groupPath}$`));
  const memberBills = propCard(mp, 'Bills at Jets');
  await memberBills.getByRole('button', { name: /^Bills/ }).click();
  await expect(memberBills.getByRole('button', { name: /^(✓ )?Bills/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(statValues(mp)).toHaveText(['0', '0', '–', '1']);

  // ---- The operator settles it; the answer reaches the group.
  await page.reload();
  await expect(billsAtJets).toContainText(`Imported by ${groupName}`);
  await chooseResult(billsAtJets, 'Bills');
  // No result yet, so no question asked.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectToast(page, 'Master prop result updated!');
  await expect(billsAtJets).toContainText('Result: Bills');

  // ---- The member's stats and the leaderboard show the win.
  await mp.reload();
  await mp
    .getByRole('group', { name: 'Show props' })
    .getByRole('button', { name: /^Settled/ })
    .click();
  await expect(memberBills).toContainText('Correct');
  await expect(statValues(mp)).toHaveText(['1', '0', '100.0%', '0']);
  const standing = mp
    .getByRole('region', { name: 'Leaderboard' })
    .getByRole('listitem')
    .filter({ hasText: 'Milo Member' });
  await expect(standing).toContainText('1–0');
  await expect(mp.getByRole('region', { name: 'Recent Activity' })).toContainText(
    'set the result of "Bills at Jets" to Bills',
  );
  await screenshots(mp, 'admin-07-member-scored');

  // The member's home shows the preview below their groups. (Its count may still be the
  // one from before the result: the preview is refetched hourly and the server lets
  // browsers keep it for a minute.)
  await mp.getByRole('banner').getByRole('link', { name: "Pick'em" }).click();
  await expect(mp.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await expect(mp.getByRole('region', { name: 'Prop Preview' })).toContainText(
    /Showing all \d props from upcoming games/,
  );
  await screenshots(mp, 'admin-08-home-preview');

  // ---- The preview shows upcoming undecided props to everyone, signed out too.
  const { page: visitor } = await people.browse();
  await visitor.goto('/');
  const preview = visitor.getByRole('region', { name: 'Prop Preview' });
  // Props with any result (Bills at Jets now, the N/A one) are left out: 4 of the 6.
  await expect(preview.getByRole('listitem')).toHaveCount(4);
  await expect(preview).toContainText('Showing all 4 props from upcoming games');
  await expect(preview).toContainText('Who wins the semifinal?');
  await expect(preview).not.toContainText('Who wins in the Meadowlands?');
  await expect(visitor.getByRole('link', { name: 'Check the Props' })).toHaveAttribute(
    'href',
    '/demo',
  );
  await expectNoSeriousA11yViolations(visitor);
  await screenshots(visitor, 'admin-09-landing-preview');
});
