import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createAccount, DESKTOP, signIn, PHONE, screenshots, uniqueName } from './support/app';
import { OPERATOR } from './support/operator';

/**
 * Issue 6's sweep over every screen: axe-core (WCAG 2.1 AA, no serious or critical
 * finding), nothing sideways at 375 px, touch targets of 44 px on a phone, and screenshots
 * at 375 and 1280 px for a person to look at. Screens get their own specs for behaviour;
 * this one only asks whether each is usable by everyone, on a phone too.
 */

/** The smallest touch target the product promises (issue 6), less half a pixel of rounding. */
const MIN_TARGET_PX = 43.5;

interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Controls in the header, the main content, the footer and any open dialog that are too small to touch at the
 * current viewport. A control needs 44 px of height (a full-width row is easy to hit
 * whatever its width); one with no visible text, an icon button, needs 44 px both ways.
 * Links inside running text are left out: WCAG 2.5.8 exempts inline targets.
 */
async function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="tab"]',
      '[role="radio"]',
    ].join(',');
    const roots = [
      ...document.querySelectorAll('main, header, footer, [role="dialog"], [role="alertdialog"]'),
    ];
    const controls = new Set(roots.flatMap((root) => [...root.querySelectorAll(selector)]));
    const small: { what: string; width: number; height: number }[] = [];
    for (const control of controls) {
      if (!(control instanceof HTMLElement)) continue;
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Visually hidden until focused (the skip link): not a target until then.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      if (control.tagName === 'A' && control.closest('p')) continue;
      // A native checkbox or radio is hit through its label, which is the target.
      const label =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? control.closest('label')
          : null;
      const target = label ? label.getBoundingClientRect() : box;
      const iconOnly = (control.textContent ?? '').trim() === '' && !label;
      const tooSmall =
        target.height < min || (iconOnly && target.width < min && control.tagName !== 'INPUT');
      if (tooSmall) {
        const name =
          control.getAttribute('aria-label') ??
          (control.textContent ?? '').trim().slice(0, 40) ??
          '';
        small.push({
          what: `${control.tagName.toLowerCase()} "${name || control.getAttribute('name') || control.id}"`,
          width: Math.round(target.width),
          height: Math.round(target.height),
        });
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/**
 * The sweep for the screen as it is now: axe at desktop width and on a phone, no sideways
 * scroll and 44 px targets on the phone, then the screenshots.
 */
async function sweep(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await expectNoSeriousA11yViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: nothing may stick out sideways at 375 px`,
  ).toBeLessThanOrEqual(PHONE.width);
  expect(await smallTouchTargets(page), `${name}: touch targets under 44 px at 375 px`).toEqual([]);
  await screenshots(page, `a11y-${name}`);
  await page.setViewportSize(DESKTOP);
}

test('a visitor’s screens: landing, About, demo, not found', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: "Welcome to Pick'em" })).toBeVisible();
  await sweep(page, 'visitor-landing');

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await sweep(page, 'visitor-about');

  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Sunday Sharps' })).toBeVisible();
  await sweep(page, 'visitor-demo');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await sweep(page, 'visitor-not-found');

  // The Sign In dialog, over the landing.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('dialog').getByRole('tab', { name: 'Register' }).click();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  expect(await smallTouchTargets(page), 'sign-in dialog at 375 px').toEqual([]);
  await screenshots(page, 'a11y-visitor-sign-in-dialog');
});

interface CreatedGroup {
  id: number;
  code: string;
}

/** A group led by the signed-in user, with open and decided props and a pick, via the API. */
async function seedGroupWithProps(page: Page, name: string): Promise<CreatedGroup> {
  const created = await page.request.post('/api/groups', {
    data: { name, trackPaymentStatus: true, allowMemberProps: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { group } = (await created.json()) as { group: CreatedGroup };
  const inAWeek = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
  const propIds: number[] = [];
  const props = [
    { sport: 'NFL', title: 'Who wins the opener?', options: ['Home', 'Away'] },
    { sport: 'NCAAF', title: 'Total points over 55.5?', options: ['Over', 'Under'] },
    {
      sport: 'Custom',
      customSport: 'Crazy Props',
      title: 'Coin toss',
      options: ['Heads', 'Tails'],
    },
  ];
  for (const prop of props) {
    const response = await page.request.post('/api/predictions', {
      data: {
        groupId: group.id,
        description: `${prop.title} Pick one; the leader sets the result after the game.`,
        gameDate: inAWeek,
        ...prop,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    propIds.push(((await response.json()) as { id: number }).id);
  }
  const [first, second] = propIds;
  const pick = await page.request.post('/api/user-predictions', {
    data: { predictionId: first, selectedOption: 'Home' },
  });
  expect(pick.ok(), await pick.text()).toBe(true);
  // A decided prop, for the result styling and an event in the activity feed.
  const decided = await page.request.put(`/api/predictions/${second}`, {
    data: { result: 'Under' },
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  return group;
}

/** Presses Tab until a pick button has focus; returns it. */
async function tabToFirstPickButton(page: Page): Promise<Locator> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const onPick = await page.evaluate(
      () =>
        document.activeElement?.closest('[role="group"][aria-label^="Options for"]') !== null &&
        document.activeElement?.tagName === 'BUTTON',
    );
    if (onPick) return page.locator(':focus');
  }
  throw new Error('Tab never reached a pick button');
}

test('a member’s screens: groups home, setup, settings, a group page with its dialogs', async ({
  page,
}) => {
  const account = {
    displayName: 'Sweep Leader',
    username: uniqueName('a11y'),
    password: 'pass123',
  };
  await createAccount(page, account);
  const groupName = 'Sweep Group';
  const { id: groupId } = await seedGroupWithProps(page, groupName);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Groups' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(groupName) })).toBeVisible();
  await sweep(page, 'member-home');

  await page.goto('/group-setup');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Create or Join a Group' }),
  ).toBeVisible();
  await sweep(page, 'member-group-setup');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await sweep(page, 'member-settings');

  await page.goto(`/group/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  // The sheet opens on To pick: the two props without a result.
  await expect(page.getByRole('region', { name: 'Props' }).getByRole('article')).toHaveCount(2);
  await sweep(page, 'member-group');

  // Keyboard only: Tab reaches the pick buttons, Enter and Space pick.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await page.getByRole('heading', { level: 1, name: groupName }).click();
  const focused = await tabToFirstPickButton(page);
  const [propTitle, optionLabel] = await focused.evaluate((button) => [
    button
      .closest('[role="group"]')
      ?.getAttribute('aria-label')
      ?.replace(/^Options for /, '') ?? '',
    (button as HTMLElement).innerText.split('\n')[0]?.trim() ?? '',
  ]);
  const options = page.getByRole('group', { name: `Options for ${propTitle}` });
  const first = options.getByRole('button', { name: new RegExp(`^(✓ )?${optionLabel}`) });
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  // A pick never moves the card (decision 0055): the keyboard keeps its place.
  await expect(first).toBeFocused();
  // Another option of the same prop, with Space.
  const secondLabel = await options
    .getByRole('button', { pressed: false })
    .first()
    .evaluate((button) => (button as HTMLElement).innerText.split('\n')[0]?.trim() ?? '');
  const second = options.getByRole('button', { name: new RegExp(`^(✓ )?${secondLabel}`) });
  await page.keyboard.press('Tab');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');

  // The All Activity dialog.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'All Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'All Activity' });
  await expect(activity.getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  expect(await smallTouchTargets(page), 'All Activity at 375 px').toEqual([]);
  await screenshots(page, 'a11y-member-all-activity');
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');
  await expect(activity).toBeHidden();
  // Focus returns to the button that opened it.
  await expect(page.getByRole('button', { name: 'All Activity' })).toBeFocused();

  // The Leader Dashboard, expanded.
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await expect(page.getByRole('region', { name: 'Leader Dashboard' })).toBeVisible();
  await sweep(page, 'member-leader-dashboard');
});

test('the operator’s admin panel', async ({ page }) => {
  await signIn(page, OPERATOR);
  await page.goto('/admin/results');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await sweep(page, 'operator-admin');
});

/** A leader dialog, opened from the expanded Leader Dashboard: axe and touch targets. */
async function sweepDialog(page: Page, button: string, dialogName: string) {
  await page.setViewportSize(PHONE);
  const dashboard = page.getByRole('region', { name: 'Leader Dashboard' });
  await dashboard.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await smallTouchTargets(page), `${dialogName} at 375 px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await screenshots(page, `a11y-leader-${button.toLowerCase().replaceAll(' ', '-')}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Dialogs hand the focus back to what opened them.
  await expect(dashboard.getByRole('button', { name: button, exact: true })).toBeFocused();
}

test('the leader’s dialogs, and the group page as a member who is not the leader', async ({
  page,
  people,
}) => {
  await createAccount(page, {
    displayName: 'Dialog Leader',
    username: uniqueName('a11y'),
    password: 'pass123',
  });
  const group = await seedGroupWithProps(page, 'Dialog Group');
  await page.goto(`/group/${group.id}`);
  await page.getByRole('button', { name: /Leader Dashboard/ }).click();
  await sweepDialog(page, 'Custom Prop', 'Create Custom Prop');
  await sweepDialog(page, 'Import Props', 'Import Props');
  await sweepDialog(page, 'Payment Status', 'Payment Status');

  const { page: member } = await people.account('Plain Member');
  const joined = await member.request.post('/api/groups/join', { data: { code: group.code } });
  expect(joined.ok(), await joined.text()).toBe(true);
  await member.goto(`/group/${group.id}`);
  await expect(member.getByRole('heading', { level: 1, name: 'Dialog Group' })).toBeVisible();
  await member.getByRole('button', { name: /Custom Prop Creator/ }).click();
  await sweep(member, 'member-not-leader-group');
});
