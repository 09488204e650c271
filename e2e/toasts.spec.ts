import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DESKTOP, PHONE, screenshots, uniqueName } from './support/app';
import { groupWithProps } from './support/sheet';

/**
 * Toasts (decisions 0021 and 0038): one at a time; over a page at the bottom, clear of the
 * page's title and actions; over a dialog at the top, never over the sticky header nor the
 * dialog's main button; and Escape still closes the dialog while a toast shows.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
};

/** The leader's Custom Prop dialog, opened from the group page's Leader Dashboard. */
async function openCustomPropDialog(page: Page) {
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await page
    .getByRole('region', { name: 'Leader Dashboard' })
    .getByRole('button', { name: 'Custom Prop' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create Custom Prop' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The toast with this title, once it has finished sliding in (before anything is measured). */
async function settledToast(page: Page, title: string) {
  const toast = page.locator('[data-sonner-toast]', { hasText: title });
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  return toast;
}

/** The leader's Custom Prop dialog, sent empty: it stays open under a refusal toast. */
async function dialogUnderToast(page: Page, path: string) {
  await page.goto(path);
  const dialog = await openCustomPropDialog(page);
  const create = dialog.getByRole('button', { name: 'Create Prop' });
  await create.click();
  const toast = await settledToast(page, 'Missing required fields');
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

async function expectClear(toast: Locator, covered: Record<string, Locator>) {
  for (const [name, locator] of Object.entries(covered)) {
    // The page may still be rendering when its toast has settled: measured again until it
    // is, for less time than the toast shows (5 s), so an overlap that lasts still fails.
    await expect(async () => {
      expect(overlaps(await boxOf(toast), await boxOf(locator)), `the toast covers ${name}`).toBe(
        false,
      );
    }).toPass({ timeout: 2_000 });
  }
}

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${label}: the toast after a group is created or joined leaves the page's title and actions usable`, async ({
    people,
  }) => {
    const leader = await people.signUp('Lee Leader', { viewport });
    const member = await people.signUp('Mia Member', { viewport });
    const groupName = uniqueName('Toast Town ');

    const lp = leader.page;
    await lp.getByRole('link', { name: 'Join/Create' }).click();
    await lp.getByLabel('Group name').fill(groupName);
    await lp.getByRole('button', { name: 'Create Group' }).click();
    const created = await settledToast(lp, 'Group created successfully!');
    await expectClear(created, {
      'the header': lp.getByRole('banner'),
      'the group name': lp.getByRole('heading', { level: 1, name: groupName }),
      'the invite code': lp.getByTestId('invite-code'),
      'Copy Invite Code': lp.getByRole('button', { name: 'Copy Invite Code' }),
    });
    // Still showing once the page is drawn (its closed dialogs do not close it).
    await expect(created).toHaveAttribute('data-removed', 'false');
    await screenshots(lp, `toast-group-created-${label}`);
    const code = (await lp.getByTestId('invite-code').textContent())?.trim() ?? '';
    // The leader's next step, a dialog: the page's toast goes rather than cover its button.
    await openCustomPropDialog(lp);
    await expect(created).toBeHidden();

    const mp = member.page;
    await mp.getByRole('link', { name: 'Join/Create' }).click();
    await mp.getByLabel('Group code').fill(code);
    await mp.getByRole('button', { name: 'Join Group' }).click();
    await expect(mp.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
    // Back home with the toast still up: the way to the next group is not under it.
    await mp.getByRole('link', { name: "Pick'em" }).click();
    const joined = await settledToast(mp, 'Joined group successfully!');
    await expectClear(joined, {
      'the page title': mp.getByRole('heading', { level: 1, name: 'Your Groups' }),
      'Join/Create': mp.getByRole('link', { name: 'Join/Create' }),
      'the new group': mp.getByRole('link', { name: new RegExp(groupName) }),
    });
    await expect(joined).toHaveAttribute('data-removed', 'false');
    await screenshots(mp, `toast-group-joined-${label}`);
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
