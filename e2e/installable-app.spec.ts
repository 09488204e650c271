import { setTimeout as sleep } from 'node:timers/promises';
import { devices, type APIResponse } from '@playwright/test';
import {
  PHONE,
  createAccount,
  generatePropsForTypedGame,
  signUp,
  screenshots,
  uniqueName,
} from './support/app';
import { layoutShiftOf, recordLayoutShifts } from './support/layout-shift';
import { expect, test } from './support/test';

// The service worker is what these tests are about: allowed here, blocked in the other
// specs (e2e/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(response: APIResponse) {
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the manifest names the app with its colours and maskable icons at 192 and 512 px', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Pick'em",
    short_name: "Pick'em",
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b1f3a',
    background_color: '#f4f6f9',
  });
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find(
        (entry) => entry.sizes === `${size}x${size}` && entry.purpose === purpose,
      );
      expect(icon, `${purpose} ${size}`).toBeDefined();
      const image = await request.get(icon?.src ?? '');
      expect(image.headers()['content-type']).toBe('image/png');
      expect(await pngSize(image)).toEqual({ width: size, height: size });
    }
  }
  expect(await page.locator('meta[name="theme-color"]').count()).toBe(2);
});

test('the service worker controls the page, keeps no API answer, and an offline reload shows the offline screen', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, {
    displayName: 'Olive Offline',
    username: uniqueName('off'),
    password: 'pass123',
  });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
    /\/sw\.js$/,
  );

  // Precached: the shell. Never: an API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const entry of await cache.keys()) urls.push(new URL(entry.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText("Pick'em needs a connection")).toBeVisible();
  await screenshots(page, 'pwa-01-offline');

  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
  await context.close();
});

test('on an iPhone, the Add to Home Screen hint comes after the first pick, not on the first visit', async ({
  browser,
}) => {
  const iphone = devices['iPhone 13'];
  const context = await browser.newContext({
    userAgent: iphone.userAgent,
    viewport: iphone.viewport,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signUp(page, {
    displayName: 'Ivy Iphone',
    username: uniqueName('ios'),
    password: 'pass123',
  });
  const offer = page.getByRole('region', { name: "Install Pick'em" });
  await page.goto('/group-setup');
  await page.getByLabel('Group name').fill(uniqueName('Phone Pool '));
  await page.getByRole('button', { name: 'Create Group' }).click();
  await page.getByRole('button', { name: 'Generate Props' }).click();
  await generatePropsForTypedGame(page);
  const cards = page.getByRole('region', { name: 'Props' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(offer).toHaveCount(0);

  // The first pick: an option of the first open prop.
  const option = cards.first().locator('button[aria-pressed]').first();
  await option.click();
  // The saved pick shows as pressed on its card.
  await expect(cards.locator('button[aria-pressed="true"]')).toHaveCount(1);
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Share, then Add to Home Screen');
  await screenshots(page, 'pwa-02-ios-install-hint');
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  // A reload while the service worker installs can be slow on a busy machine.
  await expect(page.getByRole('button', { name: 'Remind me' })).toBeVisible({ timeout: 45_000 });
  await expect(offer).toHaveCount(0);
  await context.close();
});

test('Settings lists the notification choices', async ({ page }) => {
  await createAccount(page, {
    displayName: 'Nora Notify',
    username: uniqueName('nn'),
    password: 'pass123',
  });
  // On a phone, nothing below the card moves as its settings arrive after the first paint.
  await page.setViewportSize(PHONE);
  await recordLayoutShifts(page);
  await page.goto('/settings');
  const card = page.locator('#notifications');
  await expect(card.getByRole('switch', { name: 'Reminders' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '1 hour' })).toBeChecked();
  await expect(card.getByText('None yet.')).toBeVisible();
  expect(await layoutShiftOf(page)).toBeLessThan(0.01);
  // Each change waited for here: the box shows the change once the settings cache has it,
  // a moment after the click, which check() would not wait for. (Quick changes one after
  // another: the next test.)
  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' && /\/notifications$/.test(response.url()),
    );
  let answer = saved();
  await card.getByRole('checkbox', { name: '15 minutes' }).click();
  await answer;
  await expect(card.getByRole('checkbox', { name: '15 minutes' })).toBeChecked();
  answer = saved();
  await card.getByRole('checkbox', { name: '1 hour' }).click();
  await answer;
  await expect(card.getByRole('checkbox', { name: '1 hour' })).not.toBeChecked();
  // The last reminder time stays while reminders are on.
  await expect(card.getByRole('checkbox', { name: '15 minutes' })).toBeDisabled();
  answer = saved();
  await card.getByRole('button', { name: 'Turn Everything Off' }).click();
  await answer;
  await expect(card.getByRole('switch', { name: 'Reminders' })).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Result recaps' })).not.toBeChecked();
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Result recaps' })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: '15 minutes' })).toBeChecked();
  await expect(card.getByText('Devices that get notifications')).toBeVisible();
  await screenshots(page, 'pwa-03-settings-notifications');
});

test('two quick changes in Settings are both kept, whatever order the network delivers them in', async ({
  page,
}) => {
  await createAccount(page, {
    displayName: 'Quick Quinn',
    username: uniqueName('qq'),
    password: 'pass123',
  });
  await page.goto('/settings');
  const card = page.locator('#notifications');
  await expect(card.getByRole('checkbox', { name: '1 hour' })).toBeChecked();
  // The first save is held on its way to the server, so a second save sent meanwhile would
  // arrive first and be overwritten by the older choice.
  let held = true;
  const saves: string[] = [];
  await page.route(/\/api\/users\/\d+\/notifications$/, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    saves.push(route.request().postData() ?? '');
    if (held) {
      held = false;
      await sleep(1_000);
    }
    return route.continue();
  });
  await card.getByRole('checkbox', { name: '15 minutes' }).click();
  await card.getByRole('checkbox', { name: '1 hour' }).click();
  await expect(card.getByRole('checkbox', { name: '15 minutes' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '1 hour' })).not.toBeChecked();
  await expect.poll(() => saves.length).toBe(2);
  // Both answers are in: the screen still shows the second change, and so does the server.
  await page.waitForLoadState('networkidle');
  await expect(card.getByRole('checkbox', { name: '1 hour' })).not.toBeChecked();
  await page.reload();
  await expect(card.getByRole('checkbox', { name: '15 minutes' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '1 hour' })).not.toBeChecked();

  // Two more, and the user goes home while the second still waits for the first: both are
  // saved all the same.
  held = true;
  await card.getByRole('checkbox', { name: '1 day' }).click();
  await card.getByRole('checkbox', { name: '1 hour' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: "Pick'em" })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => saves.length, { timeout: 10_000 }).toBe(4);
  await page.waitForLoadState('networkidle');
  await page.goto('/settings');
  await expect(card.getByRole('checkbox', { name: '1 day' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: '1 hour' })).toBeChecked();
});
