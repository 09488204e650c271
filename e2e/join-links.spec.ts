import type { People } from './support/people';
import QRCode from 'qrcode';
import { invitationTextOf } from '../shared/domain/invite-link';
import { QR_OPTIONS } from '../client/src/features/groups/components/invite-qr-dialog';
import { expectToast, screenshots, uniqueName } from './support/app';
import { expect, test } from './support/test';

/** A leader with a fresh group, in a browser context of their own; returns the group's code. */
async function leaderWithGroup(people: People, groupName: string) {
  const { page } = await people.account('Lena Leader', {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // The phone's share sheet is the browser's; record what the app hands it (from the first
  // page the leader opens on).
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedInvitations: shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto('/group-setup');
  await page.getByLabel('Group name').fill(groupName);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
  return { page, code, groupUrl: page.url() };
}

test('the leader shares the link with a short invitation and shows its QR code', async ({
  people,
}) => {
  const groupName = uniqueName('Share Crew ');
  const { page, code } = await leaderWithGroup(people, groupName);
  const link = `${new URL(page.url()).origin}/join/${code}`;

  await page.getByRole('button', { name: 'Share Link' }).click();
  const shared = await page.evaluate(
    () => (window as unknown as { sharedInvitations: ShareData[] }).sharedInvitations,
  );
  expect(shared).toEqual([
    { title: `Join ${groupName} on Pick'em`, text: invitationTextOf(groupName), url: link },
  ]);

  await page.getByRole('button', { name: 'QR Code' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Scan to join ${groupName}` })).toBeVisible();
  const qr = dialog.getByTestId('invite-qr');
  await expect(qr.locator('svg')).toBeVisible();
  // The code drawn on screen is the link's, module for module.
  const expected = await QRCode.toString(link, QR_OPTIONS);
  const modulesOf = (svg: string) => /stroke="#0b1f3a" d="([^"]+)"/.exec(svg)?.[1];
  expect(modulesOf(expected)).toBeTruthy();
  expect(modulesOf(await qr.innerHTML())).toBe(modulesOf(expected));
  await expect(dialog.getByText(link)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(page, 'Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshots(page, 'join-01-qr-code');
});

test('a signed-out visitor opens the link, registers in the dialog and lands in the group', async ({
  people,
}) => {
  const groupName = uniqueName('Link Crew ');
  const leader = await leaderWithGroup(people, groupName);

  const { page } = await people.browse();
  await page.goto(`/join/${leader.code.toLowerCase()}`);
  await expect(page.getByTestId('invite-group-name')).toHaveText(groupName);
  await expect(page.getByText('Led by Lena Leader')).toBeVisible();
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
  await screenshots(page, 'join-02-visitor-card');

  await page.getByRole('button', { name: 'Sign in to join' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Display name').fill('Nina Newcomer');
  await dialog.getByLabel('Username').fill(uniqueName('jn'));
  await dialog.getByLabel('Password').fill('pass123');
  // Watched from the click on: the toast lasts 5 s, which a slow machine can spend
  // opening the group page.
  const joined = expectToast(page, 'Joined group successfully!');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await joined;

  await expect(page).toHaveURL(/\/group\/\d+$/);
  expect(page.url()).toBe(leader.groupUrl);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // The leader's member count went up.
  await leader.page.goto(`/join/${leader.code}`);
  await expect(leader.page).toHaveURL(leader.groupUrl);
});

test('a signed-in visitor joins with one tap; a member goes straight to the group', async ({
  people,
}) => {
  const groupName = uniqueName('Tap Crew ');
  const leader = await leaderWithGroup(people, groupName);
  const { page } = await people.account('Tom Tapper');

  await page.goto(`/join/${leader.code}`);
  await page.getByRole('button', { name: `Join ${groupName}` }).click();
  await expect(page).toHaveURL(leader.groupUrl);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // Opening the link again, as a member now: straight in, no card.
  await page.goto(`/join/${leader.code}`);
  await expect(page).toHaveURL(leader.groupUrl);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // A code that does not exist says so plainly.
  await page.goto('/join/ZZZZ2222');
  await expect(page.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
  await expect(page.getByTestId('invite-refusal')).toHaveText(
    'No group has that code. Check the code and try again.',
  );
  await screenshots(page, 'join-03-unknown-code');
});
