import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { E2E_DONATE_URL as DONATE_URL } from './support/app-server';
import { PHONE, screenshots, uniqueName } from './support/app';

// A browser that has never seen the donation dialog (the config pre-answers it elsewhere).
test.use({ storageState: { cookies: [], origins: [] } });

test('the signed-in home asks for a donation once per browser, once the user is in a group', async ({
  page,
}) => {
  const username = uniqueName('donor');
  // Signed up through the API (the page shares its cookies), so the first screen this
  // browser shows the new user is the home itself, as after any later sign-in.
  const registered = await page.request.post('/api/auth/register', {
    data: { displayName: 'Dana Donor', username, password: 'give-1' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: "Keep Pick'em free" });
  // A brand-new user has not played yet: not asked before joining or creating a group.
  await expect(page.getByText('No Groups Yet')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Three groups: on a phone the home is then taller than the screen, as it is where the
  // closing dialog used to scroll the page.
  for (let count = 0; count < 3; count += 1) {
    const created = await page.request.post('/api/groups', { data: { name: uniqueName('Pool ') } });
    expect(created.status()).toBe(201);
  }
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('one-person project');
  const donate = dialog.getByRole('link', { name: /Donate/ });
  await expect(donate).toHaveAttribute('href', DONATE_URL);
  await expect(donate).toHaveAttribute('target', '_blank');
  await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'donate-01-dialog');

  const scrolled = await page.evaluate(() => window.scrollY);
  await dialog.getByRole('button', { name: 'Another Time' }).click();
  await expect(dialog).toBeHidden();
  // Closing it leaves the page where it was (it used to scroll 64 px, under the header).
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // It covered the signed-in home, which is there once it is gone.
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();

  // Answered: neither a reload nor coming back home asks again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'Dana Donor' }).click();
  await page.getByRole('menuitem', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: "Pick'em" }).click();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  // The header still offers Donate, next to the user's name: the config answer that would
  // open the dialog is in, and the dialog stays closed.
  const headerDonate = page.getByRole('banner').getByRole('link', { name: /Donate/ });
  await expect(headerDonate).toHaveAttribute('href', DONATE_URL);
  await expect(dialog).toHaveCount(0);
  await screenshots(page, 'donate-02-signed-in-header');
});
