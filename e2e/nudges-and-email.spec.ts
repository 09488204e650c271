import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { PHONE, SCREENSHOT_DIR, expectToast, inBothThemesAndWidths } from './support/app';
import { NEEDS_NOTIFICATIONS } from './support/browsers';
import type { Person } from './support/people';
import { expect, test } from './support/test';

/**
 * Nudges and e-mail (decision 0082) on phones: a nudge from who has picked, an address
 * verified in Settings with the code the worker's SMTP server received, and the reminder
 * prompt after joining a group.
 */

async function api(request: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const response = await request[method](url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

async function idOf(person: Person) {
  const me = await person.request.get('/api/auth/me');
  return ((await me.json()) as { user: { id: number } }).user.id;
}

/** The leader's group with one prop locking in two hours. */
async function groupLockingSoon(leader: Person) {
  const { group } = (await api(leader.request, 'post', '/api/groups', { name: 'Sunday Crew' })) as {
    group: { id: number; code: string };
  };
  await api(leader.request, 'post', '/api/predictions', {
    groupId: group.id,
    sport: 'NFL',
    title: 'Bills at Jets',
    description: 'Total points over or under 44.5?',
    options: ['Over', 'Under'],
    gameDate: new Date(Date.now() + 2 * 3600_000 + 60_000).toISOString(),
  });
  return group;
}

async function shoot(page: Page, name: string, target?: () => ReturnType<Page['locator']>) {
  await inBothThemesAndWidths(page, async (scheme, label) => {
    await expectNoSeriousA11yViolations(page);
    if (process.env.SCREENSHOTS !== '1') return;
    const path = `${SCREENSHOT_DIR}/${name}-${scheme}-${label}.png`;
    if (target) await target().screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  });
}

test('a member nudges someone who has not picked, once in six hours', async ({
  people,
  mailbox,
}) => {
  // Three screens, each checked in both themes and widths.
  test.slow();
  const leader = await people.account('Lea');
  const ann = await people.account('Ann', { viewport: PHONE });
  const bob = await people.account('Bob');
  const group = await groupLockingSoon(leader);
  for (const member of [ann, bob]) {
    await api(member.request, 'post', '/api/groups/join', { code: group.code });
  }
  // Bob gets notifications by e-mail: a verified address.
  const bobsAddress = `bob.${Date.now()}@pickem.test`;
  const bobId = await idOf(bob);
  await api(bob.request, 'put', `/api/users/${bobId}/email`, { email: bobsAddress });
  const [codeMail] = await mailbox.waitFor((mail) => mail.to.includes(bobsAddress));
  const code = /(\d{6})$/.exec(codeMail!.subject)?.[1] ?? '';
  await api(bob.request, 'post', `/api/users/${bobId}/email/verify`, { code });

  const page = ann.page;
  await page.goto(`/group/${group.id}`);
  const card = page.locator('article[data-prop-id]');
  await card.getByTestId('pick-count').click();
  const nudges = card.getByRole('list', { name: 'Nudge who has not picked' });
  await expect(nudges.getByRole('listitem')).toHaveCount(2);
  const sent = expectToast(page, 'Nudged Bob');
  await nudges.getByRole('button', { name: 'Nudge Bob' }).click();
  await sent;
  const [nudge] = await mailbox.waitFor(
    (mail) => mail.to.includes(bobsAddress) && mail.subject.includes('nudged'),
  );
  expect(nudge!.subject).toBe('Ann nudged you: 1 prop in Sunday Crew locks in 2 hours');
  // Nudged already: Ann is told when the next one is possible.
  const again = expectToast(page, 'Already nudged');
  await nudges.getByRole('button', { name: 'Nudge Bob' }).click();
  await again;
  await expect(page.getByText(/Bob was nudged less than 6 hours ago/)).toBeVisible();
  // Lea has no way to be reached: the refusal says so.
  const refused = expectToast(page, 'Not nudged');
  await nudges.getByRole('button', { name: 'Nudge Lea' }).click();
  await refused;
  await shoot(page, 'nudge-who-has-picked', () => card);
  // The footer's link, opened signed out: a tap turns nudges off.
  const footerLink = /(http:\/\/[^\s/]+\/unsubscribe\?token=[^\s"<>]+)/.exec(nudge!.text)?.[1];
  expect(footerLink).toBeTruthy();
  const visitor = await people.browse();
  await visitor.page.goto(footerLink!.replaceAll('&amp;', '&'));
  await expect(visitor.page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await visitor.page.getByRole('button', { name: 'Turn Off Nudges' }).click();
  await expect(visitor.page.getByRole('status')).toHaveText(
    'Nobody can nudge you any more. Turn nudges back on in Settings.',
  );
  await shoot(visitor.page, 'unsubscribe-page');
  const settings = await bob.request.get(`/api/users/${bobId}/notifications`);
  expect(((await settings.json()) as { nudges: boolean }).nudges).toBe(false);

  // The leader nudges from the dashboard's Still to pick list (not themself).
  await leader.page.goto(`/group/${group.id}`);
  await leader.page.getByRole('button', { name: /Leader Dashboard/ }).click();
  const stillToPick = leader.page.getByTestId('still-to-pick');
  await expect(stillToPick.getByRole('button', { name: 'Nudge Ann' })).toBeVisible();
  await expect(stillToPick.getByRole('button', { name: 'Nudge Lea' })).toHaveCount(0);
  const off = expectToast(leader.page, 'Not nudged');
  await stillToPick.getByRole('button', { name: 'Nudge Bob' }).click();
  await off;
  await expect(leader.page.getByText(/Bob has turned nudges off/)).toBeVisible();
});

test('Settings: an e-mail address verified with the code it was sent', async ({
  people,
  mailbox,
}) => {
  const nora = await people.account('Nora', { viewport: PHONE });
  const address = `nora.${Date.now()}@pickem.test`;
  await nora.page.goto('/settings');
  const card = nora.page.locator('#notifications');
  await expect(card.getByRole('switch', { name: 'Nudges' })).toBeChecked();
  const email = card.getByLabel('E-mail address');
  await email.fill('not an address');
  await card.getByRole('button', { name: 'Send Code' }).click();
  await expect(card.getByText('Enter a valid e-mail address')).toBeVisible();
  await email.fill(address);
  const sent = expectToast(nora.page, 'Code sent');
  await card.getByRole('button', { name: 'Send Code' }).click();
  await sent;
  await expect(card.getByTestId('email-address')).toHaveText(address);
  await expect(card.getByText('Not verified yet')).toBeVisible();
  const [codeMail] = await mailbox.waitFor((mail) => mail.to.includes(address));
  const code = /(\d{6})$/.exec(codeMail!.subject)?.[1] ?? '';
  await card.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText('That code is not right: 4 tries left')).toBeVisible();
  await shoot(nora.page, 'settings-email-code', () => card);
  await card.getByLabel('Code').fill(code);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  const byEmail = card.getByRole('switch', { name: 'Send by e-mail too' });
  await expect(byEmail).not.toBeChecked();
  await byEmail.click();
  await expect(byEmail).toBeChecked();
  await shoot(nora.page, 'settings-email-verified', () => card);
});

test(
  'after joining, one prompt offers a reminder; an iPhone gets the Home Screen hint first',
  {
    tag: NEEDS_NOTIFICATIONS,
  },
  async ({ people, browser, appServer }) => {
    const leader = await people.account('Lea');
    const group = await groupLockingSoon(leader);
    const ann = await people.account('Ann', { viewport: PHONE });
    await ann.page.goto(`/join/${group.code}`);
    await ann.page.getByRole('button', { name: 'Join Sunday Crew' }).click();
    await expect(ann.page).toHaveURL(/\/group\/\d+$/);
    const prompt = ann.page.getByRole('region', { name: 'Get a reminder before picks lock?' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Turn On Reminders' })).toBeVisible();
    await shoot(ann.page, 'reminder-prompt', () => prompt);
    await prompt.getByRole('button', { name: 'Not Now' }).click();
    await expect(prompt).toHaveCount(0);
    await ann.page.reload();
    await expect(ann.page.getByRole('heading', { level: 1, name: 'Sunday Crew' })).toBeVisible();
    await expect(prompt).toHaveCount(0);

    // An iPhone's Safari outside the installed app.
    const iphone = await browser.newContext({ ...devices['iPhone 13'], baseURL: appServer.url });
    try {
      const page = await iphone.newPage();
      const username = `ip${Date.now().toString(36)}`;
      const registered = await page.request.post('/api/auth/register', {
        data: { username, displayName: 'Ivy', password: 'pass123' },
      });
      expect(registered.status()).toBe(201);
      await page.goto(`/join/${group.code}`);
      await page.getByRole('button', { name: 'Join Sunday Crew' }).click();
      const hint = page.getByRole('region', { name: 'Get a reminder before picks lock?' });
      await expect(hint.getByText('Add to Home Screen')).toBeVisible();
      await expect(hint.getByRole('link', { name: 'Or by E-mail' })).toBeVisible();
      await shoot(page, 'reminder-prompt-iphone', () => hint);
    } finally {
      await iphone.close();
    }
  },
);
