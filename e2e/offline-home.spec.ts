import { expect, test } from './support/test';
import { createAccount, PHONE, screenshots, uniqueName } from './support/app';

/**
 * Issue 42: going Home without a connection said 'Loading groups...' for ever. It says the
 * viewer is offline, and the groups come by themselves once the connection is back.
 */
// The installed app: its service worker keeps the screens' code, so Home opens offline.
test.use({ serviceWorkers: 'allow' });

test('Home offline says so, and shows the groups once back online', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  const account = { displayName: 'Olive Offline', username: uniqueName('u'), password: 'pass123' };
  await createAccount(page, account);
  const created = await page.request.post('/api/groups', {
    data: { name: 'Sunday Crew', invitePermission: 'all' },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Somewhere else first, so Home's groups have never been read in this visit.
  await page.goto('/settings');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('link', { name: "Pick'em" }).click();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText('Loading groups...')).toHaveCount(0);
  await screenshots(page, 'offline-home-01');

  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /Sunday Crew/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
});
