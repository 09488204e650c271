import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DESKTOP, PHONE, screenshots } from './support/app';
import { groupWithProps } from './support/sheet';

/**
 * Toasts (decision 0021): one at a time, never over the sticky header on phones nor over
 * an open dialog's main button on desktops, and Escape still closes the dialog while a
 * toast shows.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

/** The leader's Custom Prop dialog, sent empty: it stays open under a refusal toast. */
async function dialogUnderToast(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await page
    .getByRole('region', { name: 'Leader Dashboard' })
    .getByRole('button', { name: 'Custom Prop' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Prop' });
  const create = dialog.getByRole('button', { name: 'Create Prop' });
  await create.click();
  const toast = page.locator('[data-sonner-toast]', { hasText: 'Missing required fields' });
  await expect(toast).toBeVisible();
  // The toast has finished sliding in before anything is measured.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  return { dialog, create, toast };
}

for (const [label, size] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${label}: a toast over a dialog covers neither the header nor the main button, and Escape closes the dialog`, async ({
    people,
  }) => {
    const world = await groupWithProps(people, []);
    const page = world.leader;
    await page.setViewportSize(size);
    const { dialog, create, toast } = await dialogUnderToast(page, world.path);

    // The open dialog hides the page from the accessibility tree, so by its tag.
    const header = await boxOf(page.locator('body > div header').first());
    const toastBox = await boxOf(toast);
    expect(overlaps(toastBox, header), 'the toast covers the header').toBe(false);
    if (label === 'desktop') {
      expect(overlaps(toastBox, await boxOf(create)), 'the toast covers Create Prop').toBe(false);
    }
    // Only one toast at a time: the one inline message is not repeated by a second toast.
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(1);
    await screenshots(page, `toast-over-dialog-${label}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The toast was not what Escape closed: it is still there, the page usable.
    await expect(toast).toBeVisible();
  });
}

test('closing a toast does not close the dialog under it', async ({ people }) => {
  const world = await groupWithProps(people, []);
  const page = world.leader;
  await page.setViewportSize(DESKTOP);
  const { dialog, toast } = await dialogUnderToast(page, world.path);
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toBeHidden();
  await expect(dialog).toBeVisible();
});
