import { expect, test } from './support/test';
import { openSignedInHome, PHONE } from './support/app';

/**
 * Issue 42: Back with a dialog open left the page. Back closes the dialog first (what
 * Android users expect); a dialog closed another way leaves no step behind for Back.
 */
test('Back closes an open dialog and stays on the page; then Back leaves as before', async ({
  people,
}) => {
  const { page: leader } = await people.account('Lena Leader', { viewport: PHONE });
  const created = await leader.request.post('/api/groups', {
    data: { name: 'Sunday Crew', invitePermission: 'all' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = ((await created.json()) as { group: { id: number; code: string } }).group;
  const { page } = await people.account('Milo Member', { viewport: PHONE });
  const joined = await page.request.post('/api/groups/join', { data: { code: group.code } });
  expect(joined.status(), await joined.text()).toBe(200);

  await openSignedInHome(page);
  await page.getByRole('link', { name: /Sunday Crew/ }).click();
  await expect(page).toHaveURL(new RegExp(`/group/${group.id}$`));
  const title = page.getByRole('heading', { level: 1, name: 'Sunday Crew' });
  await expect(title).toBeVisible();

  // A dialog: Back closes it, and the page stays.
  await page.getByRole('button', { name: 'QR Code' }).click();
  const qr = page.getByRole('dialog', { name: /Scan to join/ });
  await expect(qr).toBeVisible();
  await page.goBack();
  await expect(qr).toBeHidden();
  await expect(title).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/group/${group.id}$`));

  // A confirmation (an alert dialog) too.
  await page.getByRole('button', { name: /Member Dashboard/ }).click();
  await page.getByRole('button', { name: 'Leave Group' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await page.goBack();
  await expect(confirm).toBeHidden();
  await expect(title).toBeVisible();

  // Closed with its own button, a dialog leaves nothing for Back: Back goes home.
  await page.getByRole('button', { name: 'QR Code' }).click();
  await expect(qr).toBeVisible();
  await qr.getByRole('button', { name: 'Close' }).click();
  await expect(qr).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();

  // Leaving the group from its confirmation replaces the group page: Back does not
  // return to a group the member has left.
  await page.goForward();
  await expect(title).toBeVisible();
  await page.getByRole('button', { name: /Member Dashboard/ }).click();
  await page.getByRole('button', { name: 'Leave Group' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave Group' }).click();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Group not found' })).toHaveCount(0);
});
