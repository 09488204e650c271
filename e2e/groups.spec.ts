import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  expectToast,
  inBothThemesAndWidths,
  signIn,
  openUserMenu,
  screenshots,
  uniqueName,
} from './support/app';
import { OPERATOR } from './support/operator';
import { createPropViaApi } from './support/sheet';

/** Each person's browser may use the clipboard (the invite code's Copy button). */
const CLIPBOARD = ['clipboard-read', 'clipboard-write'];

/** The home card of a group, found by its name. */
function groupCard(page: Page, name: string) {
  return page.getByRole('link').filter({ has: page.getByRole('heading', { name }) });
}

async function goHome(page: Page) {
  await page.getByRole('link', { name: "Pick'em" }).click();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
}

test('a leader creates a group, a member joins by code, payment is tracked, the member leaves and the leader deletes it', async ({
  people,
}) => {
  // One long story with two people and screenshots at every step.
  test.setTimeout(180_000);
  const groupName = uniqueName('Sunday Squad ');
  const leader = await people.signUp('Lee Leader', { permissions: CLIPBOARD });
  const member = await people.signUp('Mia Member', { permissions: CLIPBOARD });
  const lp = leader.page;
  const mp = member.page;

  // Create: the button waits for a name that is not blank.
  await lp.getByRole('link', { name: 'Join/Create' }).click();
  await expect(lp).toHaveURL(/\/group-setup$/);
  await expect(lp.getByRole('heading', { name: 'Create or Join a Group' })).toBeVisible();
  const createButton = lp.getByRole('button', { name: 'Create Group' });
  await expect(createButton).toBeDisabled();
  await lp.getByLabel('Group name').fill('   ');
  await expect(createButton).toBeDisabled();
  await expect(lp.getByRole('radio', { name: /Leader only/ })).toBeChecked();
  await expect(lp.getByLabel('Allow members to create custom props')).not.toBeChecked();
  await lp.getByLabel('Group name').fill(groupName);
  await lp.getByLabel('Allow members to create custom props').check();
  await screenshots(lp, 'groups-01-setup');
  await createButton.click();
  await expectToast(lp, 'Group created successfully!');
  await expect(lp).toHaveURL(/\/group\/\d+$/);
  const groupPath = new URL(lp.url()).pathname;
  await expect(lp.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(lp.getByText('You are the leader')).toBeVisible();
  await expect(lp.getByText('No props available yet')).toBeVisible();
  await expect(lp.getByText('No activity yet')).toBeVisible();

  // Copy the code: the clipboard holds exactly what the page shows.
  const code = (await lp.getByTestId('invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  await lp.getByRole('button', { name: 'Copy Invite Code' }).click();
  await expectToast(lp, 'Code copied!');
  expect(await lp.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await screenshots(lp, 'groups-02-group-page-leader');

  // Join: from the menu; the code is required, a wrong one is refused with the server's words.
  await openUserMenu(mp, 'Mia Member');
  await mp.getByRole('menuitem', { name: 'Create/Join Group' }).click();
  await expect(mp).toHaveURL(/\/group-setup$/);
  const joinButton = mp.getByRole('button', { name: 'Join Group' });
  await joinButton.click();
  await expect(mp.getByText('Group code is required').first()).toBeVisible();
  const codeField = mp.getByLabel('Group code');
  await codeField.pressSequentially('zzzz2222');
  await expect(codeField).toHaveValue('ZZZZ2222');
  await joinButton.click();
  await expectToast(mp, 'Failed to join group');
  await expect(mp.getByText(/^No group has that code/).first()).toBeVisible();
  await expect(mp.getByText(/\b404\b/)).toHaveCount(0);
  await screenshots(mp, 'groups-03-join-refused');

  // Typed in lower case, shown and accepted in upper case.
  await codeField.fill('');
  await codeField.pressSequentially(code.toLowerCase());
  await expect(codeField).toHaveValue(code);
  await joinButton.click();
  await expectToast(mp, 'Joined group successfully!');
  await expect(mp).toHaveURL(new RegExp(`${groupPath}$`));
  await expect(mp.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  // Invite permission is 'leader': a member gets no code and no leader tools.
  await expect(mp.getByRole('button', { name: 'Copy Invite Code' })).toHaveCount(0);
  await expect(mp.getByText('You are the leader')).toHaveCount(0);
  await expect(mp.getByRole('button', { name: /Leader Dashboard/ })).toHaveCount(0);
  await expect(mp.getByRole('button', { name: /Member Dashboard/ })).toBeVisible();
  await expect(mp.getByText(/PAID/)).toHaveCount(0);
  const leaderboard = mp.getByRole('region', { name: 'Leaderboard' });
  await expect(leaderboard.getByRole('listitem')).toHaveCount(2);
  await expect(leaderboard).toContainText('Lee Leader');
  await expect(leaderboard).toContainText('Mia Member');
  await screenshots(mp, 'groups-04-group-page-member');

  // Entering the code again takes a member to the group, not to a 409 (decision 0065).
  await goHome(mp);
  await mp.getByRole('link', { name: 'Join/Create' }).click();
  await mp.getByLabel('Group code').fill(code);
  await mp.getByRole('button', { name: 'Join Group' }).click();
  await expectToast(mp, `You're already in ${groupName}`);
  await expect(mp).toHaveURL(new RegExp(`${groupPath}$`));
  await expect(mp.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // Home cards: both in the group, both tied at the top, the Leader badge only for the leader.
  await goHome(mp);
  const memberCard = groupCard(mp, groupName);
  await expect(memberCard).toContainText('#1 of 2');
  await expect(memberCard).toContainText('2 members');
  await expect(memberCard.getByRole('group', { name: 'Picks Remaining' })).toContainText('0');
  await expect(memberCard.getByText('Leader', { exact: true })).toHaveCount(0);
  await goHome(lp);
  const leaderCard = groupCard(lp, groupName);
  await expect(leaderCard.getByText('Leader', { exact: true })).toBeVisible();
  await expect(leaderCard).toContainText('#1 of 2');
  await expect(leaderCard).toContainText('2 members');
  await expect(leaderCard.getByRole('group', { name: 'Picks Remaining' })).toBeVisible();
  await screenshots(lp, 'groups-05-home-leader');

  // The leader turns payment tracking on and marks the member PAID.
  await leaderCard.click();
  await expect(lp).toHaveURL(new RegExp(`${groupPath}$`));
  await lp.getByRole('button', { name: /Leader Dashboard/ }).click();
  const dashboard = lp.getByRole('region', { name: 'Leader Dashboard' });
  await expect(dashboard).toBeVisible();
  await dashboard.getByRole('button', { name: 'Payment Status' }).click();
  let paymentDialog = lp.getByRole('dialog', { name: 'Payment Status' });
  await expect(paymentDialog.getByRole('switch', { name: 'Mia Member has paid' })).toBeDisabled();
  await lp.keyboard.press('Escape');
  await expect(paymentDialog).toBeHidden();
  const tracking = dashboard.getByRole('switch', { name: 'Track payment status' });
  await expect(tracking).not.toBeChecked();
  await tracking.click();
  await expectToast(lp, 'Group updated successfully');
  await expect(tracking).toBeChecked();
  await expect(lp.getByText('Your payment status')).toBeVisible();
  await screenshots(lp, 'groups-06-leader-dashboard');
  await dashboard.getByRole('button', { name: 'Payment Status' }).click();
  paymentDialog = lp.getByRole('dialog', { name: 'Payment Status' });
  const memberRow = paymentDialog.getByRole('listitem').filter({ hasText: 'Mia Member' });
  await expect(memberRow).toContainText('UNPAID');
  await memberRow.getByRole('switch', { name: 'Mia Member has paid' }).click();
  await expectToast(lp, 'Payment status updated');
  await expect(memberRow).toContainText('PAID');
  await expect(memberRow).not.toContainText('UNPAID');
  await screenshots(lp, 'groups-07-payment-status');
  // (Escape would close the toast first: it is the newest layer.)
  await paymentDialog.getByRole('button', { name: 'Close' }).click();
  await expect(paymentDialog).toBeHidden();

  // Lock settings: a time lock, then the leader's own lock.
  await dashboard.getByRole('radio', { name: /Set time/ }).click();
  await dashboard.getByRole('button', { name: 'Save Lock Settings' }).click();
  await expect(dashboard.getByText('Choose the lock time for a time-locked group')).toBeVisible();
  await dashboard.getByLabel('Lock time').fill('2099-12-31T18:30');
  await dashboard.getByRole('button', { name: 'Save Lock Settings' }).click();
  await expectToast(lp, 'Group updated successfully');
  await expect(lp.getByText('All props lock at Dec 31, 2099')).toBeVisible();
  await dashboard.getByRole('radio', { name: /^Leader/ }).click();
  await dashboard.getByRole('button', { name: 'Lock All Props' }).click();
  await expectToast(lp, 'Group updated successfully');
  await expect(dashboard.getByRole('button', { name: 'Unlock All Props' })).toBeVisible();
  await expect(lp.getByText('All props are locked.').first()).toBeVisible();

  // The member, still on home, sees the change on their next visit to it, without a reload.
  await expect(memberCard.getByText('Locked', { exact: true })).toHaveCount(0);
  await mp.getByRole('link', { name: 'Join/Create' }).click();
  await goHome(mp);
  await expect(memberCard.getByText('Locked', { exact: true })).toBeVisible();
  await expect(memberCard.getByText('PAID', { exact: true })).toBeVisible();
  await expect(memberCard.getByRole('group', { name: 'Performance' })).toBeVisible();
  await screenshots(mp, 'groups-08-home-member-locked');
  await memberCard.click();
  await expect(mp.getByText('Your payment status')).toBeVisible();
  await expect(mp.getByText('PAID', { exact: true })).toBeVisible();

  // The member leaves after confirming and lands on home without the group.
  await mp.getByRole('button', { name: /Member Dashboard/ }).click();
  await mp.getByRole('button', { name: 'Leave Group' }).click();
  const leaveConfirm = mp.getByRole('alertdialog');
  await expect(leaveConfirm).toContainText(`Leave ${groupName}?`);
  await screenshots(mp, 'groups-09-leave-confirm');
  await leaveConfirm.getByRole('button', { name: 'Leave Group' }).click();
  await expectToast(mp, 'Left group successfully');
  await expect(mp).toHaveURL(/\/$/);
  await expect(mp.getByText('No Groups Yet')).toBeVisible();
  await expect(groupCard(mp, groupName)).toHaveCount(0);

  // A former member is a stranger to the group now.
  await mp.goto(groupPath);
  await expect(mp.getByRole('heading', { name: 'Group not found' })).toBeVisible();
  await screenshots(mp, 'groups-10-group-not-found');
  await mp.getByRole('link', { name: 'Back to Home' }).click();
  await expect(mp).toHaveURL(/\/$/);

  // The leader sees one member left, then deletes the group after confirming.
  await goHome(lp);
  await expect(groupCard(lp, groupName)).toContainText('1 member');
  await groupCard(lp, groupName).click();
  // The page draws in steps (decision 0031); once its last (the side column's cards) is in,
  // nothing moves under a click aimed low on it. Without this wait the Delete Group click once
  // opened no dialog.
  await expect(lp.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
  await lp.getByRole('button', { name: /Leader Dashboard/ }).click();
  await lp.getByRole('button', { name: 'Delete Group' }).click();
  const deleteConfirm = lp.getByRole('alertdialog');
  await expect(deleteConfirm).toContainText(`Delete ${groupName}?`);
  await screenshots(lp, 'groups-11-delete-confirm');
  await deleteConfirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteConfirm).toBeHidden();
  await lp.getByRole('button', { name: 'Delete Group' }).click();
  await lp.getByRole('alertdialog').getByRole('button', { name: 'Delete Group' }).click();
  await expectToast(lp, 'Group deleted successfully');
  await expect(lp).toHaveURL(/\/$/);
  await expect(groupCard(lp, groupName)).toHaveCount(0);
  await expect(lp.getByText('No Groups Yet')).toBeVisible();
});

test('a member may copy the code when any member may share it; a copy failure shows the code', async ({
  people,
}) => {
  const groupName = uniqueName('Open Invites ');
  const leader = await people.account('Ona Owner', { permissions: CLIPBOARD });
  await leader.page.goto('/group-setup');
  await leader.page.getByLabel('Group name').fill(groupName);
  await leader.page.getByRole('radio', { name: /Any member/ }).click();
  await leader.page.getByRole('button', { name: 'Create Group' }).click();
  await expect(leader.page).toHaveURL(/\/group\/\d+$/);
  const code = (await leader.page.getByTestId('invite-code').textContent())?.trim() ?? '';

  // No clipboard permission in this context: the toast gives the code to copy by hand.
  const { page } = await people.account('Nico');
  await page.goto('/group-setup');
  await page.getByLabel('Group code').fill(code);
  await page.getByRole('button', { name: 'Join Group' }).click();
  await expectToast(page, 'Joined group successfully!');
  await expect(page.getByTestId('invite-code')).toHaveText(code);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
  await page.getByRole('button', { name: 'Copy Invite Code' }).click();
  await expectToast(page, 'Failed to copy');
  await expectToast(page, `Copy the code by hand: ${code}`);
});

test('the operator creates an official event; a user joins it with a social username', async ({
  page,
  people,
}) => {
  test.setTimeout(120_000);
  const eventName = uniqueName('Bowl Bash ');
  await signIn(page, OPERATOR);
  const created = await page.request.post('/api/admin/groups/official', {
    data: { name: eventName, activeSports: ['NFL', 'NCAAF'] },
  });
  expect(created.status()).toBe(201);

  // The operator leads the event: it is one of their groups, not a card to join.
  await goHome(page);
  const operatorCard = groupCard(page, eventName);
  await expect(operatorCard.getByText('Official', { exact: true })).toBeVisible();
  await expect(operatorCard.getByText('Leader', { exact: true })).toBeVisible();
  // They run it rather than play it: no picks to count down.
  await expect(operatorCard.getByRole('group', { name: 'Your Event' })).toHaveText(
    /You run this event: members pick, and you set the results\./,
  );
  await expect(operatorCard.getByRole('group', { name: 'Picks Remaining' })).toHaveCount(0);
  await inBothThemesAndWidths(page, async (scheme) => {
    await screenshots(page, `groups-11-operator-event-card-${scheme}`);
  });

  const fan = await people.signUp('Fran Fan', { permissions: CLIPBOARD });
  const fp = fan.page;
  await expect(fp.getByText('No Groups Yet')).toBeVisible();
  const joinCard = fp.getByRole('article', { name: eventName });
  await expect(joinCard).toContainText('Official Event');
  await screenshots(fp, 'groups-12-official-join-card');

  await joinCard.getByRole('button', { name: 'Join Event' }).click();
  const dialog = fp.getByRole('dialog', { name: 'Join Official Event' });
  await expect(dialog).toContainText(eventName);
  const usernameField = dialog.getByLabel('Discord or Reddit username');
  await expect(usernameField).toHaveAttribute('placeholder', '@username or u/username');
  const submit = dialog.getByRole('button', { name: 'Join Event' });
  await expect(submit).toBeDisabled();
  await usernameField.fill('    ');
  await expect(submit).toBeDisabled();
  await usernameField.fill('u/fran_fan');
  await screenshots(fp, 'groups-13-official-join-dialog');
  await submit.click();
  await expectToast(fp, 'Joined official event successfully!');
  await expectToast(fp, `Welcome to ${eventName}! You are now eligible for prizes.`);
  await expect(dialog).toBeHidden();

  // The join card became a group card, without a reload.
  await expect(fp.getByRole('article', { name: eventName })).toHaveCount(0);
  const fanCard = groupCard(fp, eventName);
  await expect(fanCard.getByText('Official', { exact: true })).toBeVisible();
  await expect(fanCard.getByText('Leader', { exact: true })).toHaveCount(0);
  // The operator leads the event but is not a contestant: the fan is alone on its board.
  await expect(fanCard.getByText('Leaderboard position #1 of 1', { exact: true })).toBeVisible();
  await expect(fanCard).toContainText('1 member');
  await expect(fp.getByText('No Groups Yet')).toHaveCount(0);
  await screenshots(fp, 'groups-14-official-joined');

  await fanCard.click();
  await expect(fp.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(fp.getByText('Official Event', { exact: true })).toBeVisible();
});

test('the operator runs an official event without playing in it: read-only cards, no place', async ({
  page,
  people,
}) => {
  // Where it was found: a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, OPERATOR);
  const eventName = uniqueName('Playoff Pool ');
  const created = await page.request.post('/api/admin/groups/official', {
    data: { name: eventName, activeSports: ['NFL', 'NCAAF'] },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { group: { id: number } }).group.id;
  const propId = await createPropViaApi(page.request, eventId, {
    title: 'Bills at Jets',
    description: 'Who wins Bills at Jets?',
    options: ['Bills', 'Jets'],
    startsIn: 120,
  });
  const { page: fp } = await people.account('Fran Fan');
  const joined = await fp.request.post('/api/groups/join-official', {
    data: { groupId: eventId, socialUsername: 'u/fran_fan' },
  });
  expect(joined.status()).toBe(200);
  expect(
    (
      await fp.request.post('/api/user-predictions', {
        data: { predictionId: propId, selectedOption: 'Bills' },
      })
    ).status(),
  ).toBe(201);

  await page.goto(`/group/${eventId}`);
  const card = page.locator('article[data-prop-id]').first();
  await expect(card.getByRole('button', { name: /Bills/ })).toBeDisabled();
  await expect(card.getByRole('button', { name: /Jets/ })).toBeDisabled();
  await expect(card).toContainText('You run this event: no picks');
  await expect(card).toContainText('1 of 1 have picked');
  await expect(page.getByTestId('organizer-note')).toBeVisible();
  await expect(page.getByText(/#0\b/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next unpicked' })).toHaveCount(0);
  await screenshots(page, 'groups-15-organizer-read-only');
});
