import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', '.screenshots');

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

let counter = 0;
/** A username no other test (or earlier run on the same database) has used. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * Saves the current page at phone and desktop widths, for a person to look at, when the run
 * asks for it (`SCREENSHOTS=1 npm run test:e2e`); otherwise does nothing.
 */
export async function screenshots(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: true,
    });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Runs `check` in both themes at phone and desktop widths (light first, and light again
 * afterwards), for the checks and screenshots issue 12 asks for in both themes.
 */
export async function inBothThemesAndWidths(
  page: Page,
  check: (scheme: 'light' | 'dark', label: 'phone' | 'desktop') => Promise<void>,
) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await check(scheme, label);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Opens the Leader Dashboard unless it is open: its content loads when it first opens, so
 * a button inside may not be drawn yet while the panel already is, and a click would close it.
 */
export async function openLeaderDashboard(page: Page) {
  const panel = page.getByRole('button', { name: /Leader Dashboard/ });
  if ((await panel.getAttribute('aria-expanded')) !== 'true') await panel.click();
}

export async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

export interface Account {
  displayName: string;
  username: string;
  password: string;
}

/**
 * Signs a new account up through the API (the page's context keeps the session cookie) and
 * opens nothing: for a test that goes somewhere else first (a signed-in home costs Chromium
 * about a core-second to load). Faster than the form; e2e/auth.spec.ts tests the form.
 */
export async function createAccount(page: Page, account: Account) {
  const response = await page.request.post('/api/auth/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs a new account up through the API and opens the signed-in home. */
export async function signUp(page: Page, account: Account) {
  await createAccount(page, account);
  await openSignedInHome(page);
}

/** Signs an existing account in through the API and opens the signed-in home. */
export async function signIn(page: Page, account: { username: string; password: string }) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await openSignedInHome(page);
}

/** Opens the signed-in home and waits for it. */
export async function openSignedInHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
}

export async function registerViaUi(
  page: Page,
  account: { displayName: string; username: string; password: string },
) {
  await page.goto('/');
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Display name').fill(account.displayName);
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
}

export async function loginViaUi(page: Page, account: { username: string; password: string }) {
  await page.goto('/');
  await openSignIn(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Your Groups' })).toBeVisible();
}

/** Opens the signed-in user's menu in the header (it shows their display name). */
export async function openUserMenu(page: Page, displayName: string) {
  await page.getByRole('button', { name: displayName }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function logoutViaUi(page: Page, displayName: string) {
  await openUserMenu(page, displayName);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to logout?');
  await confirm.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/**
 * A toast with this exact text is on screen. A replaced toast lingers while it fades out,
 * hence the first match.
 */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/**
 * In the open Generate Props dialog: a sport's sample props (the first one offered unless
 * named) for a game the leader types, whatever the worker's scores feed lists.
 */
export async function generatePropsForTypedGame(
  page: Page,
  { sport, away = 'Bills', home = 'Jets' }: { sport?: string; away?: string; home?: string } = {},
) {
  const dialog = page.getByRole('dialog', { name: 'Generate Props' });
  if (sport) await dialog.getByRole('combobox', { name: 'Sport' }).selectOption(sport);
  const add = dialog.getByRole('button', { name: /^Add \d+ props$/ });
  await expect(add).toBeEnabled();
  const game = dialog.getByRole('combobox', { name: 'Game' });
  if ((await game.count()) > 0) await game.selectOption({ label: 'Another game: type the teams' });
  await dialog.getByRole('textbox', { name: 'Away team' }).fill(away);
  await dialog.getByRole('textbox', { name: 'Home team' }).fill(home);
  await add.click();
}
