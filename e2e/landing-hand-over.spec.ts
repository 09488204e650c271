import type { Page } from '@playwright/test';
import { OPERATOR } from './support/operator';
import { expect, test } from './support/test';
import { uniqueName } from './support/app';

/**
 * The landing runs on its own small script and hands the visitor over to the app when
 * they go further (decision 0030): Sign In and in-app links work as before, in place,
 * without reloading the page, and without anything on screen moving.
 */

/** A mark on this page's window: gone if the browser loaded a new page. */
const markThisPage = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { landingMark?: boolean }).landingMark = true;
  });
const samePage = (page: Page) =>
  page.evaluate(() => (window as Window & { landingMark?: boolean }).landingMark === true);

/** The app's code on the landing: prefetched by the page, run when Sign In or a link is reached. */
const appFetched = (page: Page) =>
  page.waitForResponse((response) => /\/assets\/replace-landing-[^/]+\.js$/.test(response.url()));
const appLoaded = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-app', 'loaded');

test.beforeAll(async ({ browser }) => {
  // Upcoming master props, so the landing shows the preview's tiles.
  const operator = await browser.newContext();
  const login = await operator.request.post('/api/auth/login', { data: OPERATOR });
  expect(login.ok(), await login.text()).toBe(true);
  for (const sport of ['NFL', 'NCAAF']) {
    const sync = await operator.request.post('/api/admin/sync-master-props', { data: { sport } });
    expect(sync.ok(), await sync.text()).toBe(true);
  }
  await operator.close();
});

test("a visitor signs up from the landing's Sign In: the app takes over in place, and the signed-in home works", async ({
  page,
}) => {
  const fetched = appFetched(page);
  await page.goto('/');
  const preview = page.getByRole('region', { name: 'Prop Preview' });
  await expect(preview.getByRole('listitem').first()).toBeVisible();
  await fetched;
  await markThisPage(page);
  const main = page.getByRole('main');
  const before = await main.screenshot();
  await page.evaluate(() => {
    window.scrollTo({ top: 300, behavior: 'instant' });
  });

  const signIn = page.getByRole('button', { name: 'Sign In' });
  // Where the pointer is, as a person clicks (Playwright's click would first scroll the
  // sticky header's button "into view", to the top).
  const box = await signIn.boundingBox();
  if (!box) throw new Error('No Sign In button on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const dialog = page.getByRole('dialog', { name: 'Get in the game' });
  await expect(dialog).toBeVisible();
  // The app has taken the landing's place: same page, same scroll, same look.
  expect(await samePage(page)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(300);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();
  expect((await main.screenshot()).equals(before), 'the page changed when the app took over').toBe(
    true,
  );

  await signIn.click();
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Display name').fill('Lana Landing');
  await dialog.getByLabel('Username').fill(uniqueName('land'));
  await dialog.getByLabel('Password').fill('pass123');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  expect(await samePage(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Lana Landing' })).toBeVisible();

  // Signed in, `/` is the app's own page (home.html) from now on.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lana Landing' })).toBeVisible();
});

test('an in-app link on the landing: followed by the app once it has loaded, by the browser before', async ({
  page,
}) => {
  const fetched = appFetched(page);
  await page.goto('/');
  await fetched;
  await markThisPage(page);
  const checkTheProps = page.getByRole('link', { name: 'Check the Props' });
  // Only in the cache until a pointer reaches a link: not run, so the browser follows it.
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'loaded');
  await checkTheProps.hover();
  await appLoaded(page);
  await checkTheProps.click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Sharps' })).toBeVisible();
  expect(await samePage(page)).toBe(true);
  // Back to the landing's page, now the app's.
  await page.goBack();
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
  expect(await samePage(page)).toBe(true);

  // The app's code never arrives (a slow network): the link is a plain link.
  await page.route(/\/assets\/replace-landing-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await markThisPage(page);
  const about = page.getByRole('contentinfo').getByRole('link', { name: /About us/ });
  await about.hover();
  await about.click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  expect(await samePage(page)).toBe(false);
});
