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

/** Saves the current page at phone and desktop widths, for a person to look at. */
export async function screenshots(page: Page, name: string) {
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

export async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
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
 * A toast with this exact text is on screen. Radix also keeps a hidden copy for screen
 * readers for a moment, hence the first match.
 */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}
