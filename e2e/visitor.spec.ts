import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { E2E_DONATE_URL as DONATE_URL } from './support/app-server';
import { PHONE, screenshots } from './support/app';

const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In' });

test('the landing welcomes a visitor, offers Sign In and a Donate link to a new tab', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "Welcome to Pick'em" })).toBeVisible();
  await expect(page.getByText("Make your picks. We'll keep score.").first()).toBeVisible();
  await expect(signInButton(page)).toBeVisible();

  const donate = page.getByRole('banner').getByRole('link', { name: /Donate/ });
  await expect(donate).toHaveAttribute('href', DONATE_URL);
  await expect(donate).toHaveAttribute('target', '_blank');
  await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');

  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'visitor-01-landing');

  // Product rules §2: a protected route shows the landing to a visitor.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();

  // The title goes home.
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: "Pick'em" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
});

test('a preview that cannot be read says so and can be tried again', async ({ page }) => {
  // The network fails the first reads (a dropped connection); the landing stays usable.
  let failing = true;
  await page.route('**/api/props-preview', (route) =>
    failing ? route.abort('connectionreset') : route.fallback(),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'Failed to fetch props preview' });
  await expect(notice).toBeVisible();
  await screenshots(page, 'visitor-preview-failed');
  failing = false;
  const read = page.waitForResponse('**/api/props-preview');
  await notice.getByRole('button', { name: 'Try Again' }).click();
  expect((await read).ok()).toBe(true);
  await expect(notice).toHaveCount(0);
});

test('About explains the mission and the official event rules', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
  // Past the landing's own scroll-to-top, which repeats 50 and 200 ms after arriving.
  await page.clock.runFor(300);
  // A visitor has no menu: the footer, at the bottom of the page, is the way to the rules.
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: /About us/ });
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page).toHaveURL(/\/about$/);
  // Product rules §2: a route change starts at the top of the new page.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A one-person project' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No real-money betting' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Official event rules' })).toBeVisible();
  const rules = [
    '1. Eligibility',
    '2. How to enter',
    '3. Format',
    '4. Prize',
    '5. Winner selection',
    '6. Disclaimer',
  ];
  for (const rule of rules) {
    await expect(page.getByRole('heading', { level: 3, name: rule, exact: true })).toBeVisible();
  }

  const main = page.getByRole('main');
  await expect(main).toContainText('a prize pool of $100 USD');
  await expect(main).toContainText('18 years of age or older');
  await expect(main).toContainText('Discord or Reddit username');
  await expect(main).toContainText('split equally');
  await expect(main).toContainText('No purchase necessary.');
  await expect(main).toContainText('Void where prohibited');
  await expect(main).toContainText('not affiliated with');
  // DONATE_URL is set, so the mission mentions the Donate button.
  await expect(main).toContainText('Donations through the Donate button');

  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'visitor-02-about');
});

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'visitor-03-not-found');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
});

test('the Sign In dialog works from the keyboard: opens, traps focus, closes, returns focus', async ({
  page,
}) => {
  await page.goto('/');
  await expect(signInButton(page)).toBeVisible();

  // Tab from the top of the page to the Sign In button (skip link, title, Donate first).
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await signInButton(page).evaluate((button) => button === document.activeElement)) break;
  }
  await expect(signInButton(page)).toBeFocused();

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Get in the game' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Login' })).toBeVisible();
  const focusIsInDialog = () =>
    page.evaluate(
      () => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false,
    );
  await expect.poll(focusIsInDialog).toBe(true);

  // More Tabs than the dialog has controls, both ways: focus never leaves it.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press(key);
      expect(await focusIsInDialog(), `focus left the dialog after ${presses + 1} × ${key}`).toBe(
        true,
      );
    }
  }

  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'visitor-04-sign-in-dialog');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signInButton(page)).toBeFocused();
});

test('no screen scrolls sideways on a 375 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const expectNoSidewaysScroll = async (screen: string) => {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${screen} is ${scrollWidth}px wide`).toBeLessThanOrEqual(PHONE.width);
  };

  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Welcome to Pick'em" })).toBeVisible();
  await expectNoSidewaysScroll('the landing');

  await page.goto('/about');
  await expect(page.getByRole('heading', { name: '6. Disclaimer' })).toBeVisible();
  await expectNoSidewaysScroll('About');

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expectNoSidewaysScroll('Page Not Found');

  await page.goto('/');
  await signInButton(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll('the Sign In dialog (Login)');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Display name')).toBeVisible();
  await expectNoSidewaysScroll('the Sign In dialog (Register)');
});

test('asked for reduced motion, a looping animation plays once and the page stands still', async ({
  page,
}) => {
  // Every browser here asks for reduced motion (playwright.config.ts). The header's
  // placeholder pulses while the session loads: at the reduced 1 ms a cycle, looping, it
  // would flicker at the frame rate.
  await page.goto('/about');
  const iterations = await page.evaluate(() => {
    const placeholder = document.createElement('div');
    placeholder.className = 'animate-pulse';
    document.body.append(placeholder);
    return placeholder.getAnimations().map((animation) => animation.effect?.getTiming().iterations);
  });
  expect(iterations).toEqual([1]);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
});
