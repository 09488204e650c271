import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { PHONE, SCREENSHOT_DIR, inBothThemesAndWidths, screenshots } from './support/app';
import { api, gameDay } from './support/game-day';
import type { Person } from './support/people';
import { expect, test } from './support/test';

/**
 * The group's conversation (decision 0042) on phones: a comment sealed until the lock, seen
 * as "1 sealed" by another member, opened with the picks at the lock; reactions; the thread.
 */

/** The leader's group with these members, one open prop, and each member's pick on it. */
async function groupWithPicks(leader: Person, picks: [Person, string][]) {
  const members = picks.map(([member]) => member);
  const { group, prop } = await gameDay(leader, members, 'Sunday Crew');
  for (const [member, option] of picks) {
    await api(member.request, 'post', '/api/user-predictions', {
      predictionId: prop.id,
      selectedOption: option,
    });
  }
  return group;
}

const card = (page: Page) => page.locator('article[data-prop-id]');
const commentsButton = (page: Page) => card(page).getByRole('button', { name: /^Comments/ });
const comments = (page: Page) => card(page).getByRole('list', { name: 'Comments' });

async function postComment(page: Page, text: string) {
  await card(page).getByLabel('Add a comment').fill(text);
  await card(page).getByRole('button', { name: 'Post' }).click();
  await expect(comments(page).getByText(text)).toBeVisible();
}

test('a sealed comment shows as a count, opens with the picks at the lock, and takes reactions', async ({
  people,
}) => {
  const leader = await people.account('Lea');
  const ann = await people.account('Ann', { viewport: PHONE });
  const bob = await people.account('Bob', { viewport: PHONE });
  const group = await groupWithPicks(leader, [
    [ann, 'Over'],
    [bob, 'Under'],
  ]);
  for (const { page } of [ann, bob]) {
    await page.goto(`/group/${group.id}`);
    await expect(commentsButton(page)).toHaveText('Comments');
  }

  // Ann writes before the lock: she reads her own, marked sealed.
  await commentsButton(ann.page).click();
  await expect(card(ann.page).getByText('No comments yet')).toBeVisible();
  await postComment(ann.page, 'Over is free money https://example.org');
  await expect(comments(ann.page).getByText(/Sealed: the others read it/)).toBeVisible();
  // A link is text, not a link.
  await expect(comments(ann.page).getByRole('link')).toHaveCount(0);

  // Bob's page learns of it live, as a count only.
  await expect(commentsButton(bob.page)).toContainText('1 sealed');
  await commentsButton(bob.page).click();
  await expect(card(bob.page).getByText('1 sealed: they open with the picks')).toBeVisible();
  await expect(card(bob.page).getByText(/free money/)).toHaveCount(0);
  await postComment(bob.page, 'Under, easy. Defense wins.');
  await expect(commentsButton(ann.page)).toContainText('1 sealed');
  await card(bob.page).scrollIntoViewIfNeeded();
  await screenshots(bob.page, 'conversation-sealed');

  // The leader locks picks: both comments open on both pages, each beside its pick.
  await api(leader.request, 'put', `/api/groups/${group.id}`, {
    lockType: 'leader',
    isLocked: true,
  });
  for (const { page } of [ann, bob]) {
    const list = comments(page);
    await expect(list.locator('li', { hasText: 'free money' })).toContainText('Picked Over');
    await expect(list.locator('li', { hasText: 'Defense wins' })).toContainText('Picked Under');
    await expect(commentsButton(page)).not.toContainText('sealed');
  }

  // Bob reacts to Ann's comment and to her pick; Ann's page counts them.
  const annsComment = comments(bob.page).locator('li', { hasText: 'free money' });
  await annsComment.getByRole('button', { name: "React to Ann's comment" }).click();
  await annsComment.getByRole('button', { name: 'fire' }).click();
  await expect(annsComment.getByRole('button', { name: 'fire, 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card(bob.page).getByRole('button', { name: "React to Ann's pick" }).click();
  await card(bob.page).getByRole('button', { name: 'laugh' }).click();
  await expect(
    card(ann.page).getByRole('region', { name: 'Picks' }).getByRole('button', { name: 'laugh, 1' }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(
    comments(ann.page)
      .locator('li', { hasText: 'free money' })
      .getByRole('button', { name: 'fire, 1' }),
  ).toBeVisible();

  // Taken back with a second tap.
  await annsComment.getByRole('button', { name: 'fire, 1' }).click();
  await expect(annsComment.getByRole('button', { name: /^fire/ })).toHaveCount(0);

  await inBothThemesAndWidths(bob.page, async (scheme, label) => {
    await expectNoSeriousA11yViolations(bob.page);
    if (process.env.SCREENSHOTS === '1') {
      await card(bob.page).screenshot({
        path: `${SCREENSHOT_DIR}/conversation-prop-${scheme}-${label}.png`,
      });
    }
  });
});

test('the group thread: newest at the bottom, unread on the other page, edit and delete', async ({
  people,
}) => {
  const leader = await people.account('Lea', { viewport: PHONE });
  const ann = await people.account('Ann', { viewport: PHONE });
  const group = await groupWithPicks(leader, [[ann, 'Over']]);
  for (const { page } of [leader, ann]) await page.goto(`/group/${group.id}`);

  const banter = (page: Page) => page.getByRole('button', { name: /^Banter/ });
  await banter(ann.page).click();
  await expect(ann.page.getByText('No messages yet. Start the banter!')).toBeVisible();
  const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });
  for (const text of ['Who is in for Sunday?', 'Wings at my place']) {
    await ann.page.getByLabel('Message the group').fill(text);
    await ann.page.getByRole('button', { name: 'Send' }).click();
    await expect(messages(ann.page).getByText(text)).toBeVisible();
  }
  await expect(messages(ann.page).locator('li').last()).toContainText('Wings at my place');

  // The leader's page shows what is new, then reads it.
  await expect(banter(leader.page)).toContainText('2 new');
  await banter(leader.page).click();
  await expect(messages(leader.page).locator('li').first()).toContainText('Who is in for Sunday?');
  await expect(banter(leader.page)).not.toContainText('new');

  // Ann fixes her last message; the leader removes the first.
  const last = messages(ann.page).locator('li').last();
  await last.getByRole('button', { name: 'Edit' }).click();
  await last.getByLabel('Edit your comment').fill('Wings and nachos at my place');
  await last.getByRole('button', { name: 'Save' }).click();
  await expect(last).toContainText('Wings and nachos at my place');
  await expect(last).toContainText('(edited)');
  const first = messages(leader.page).locator('li').first();
  await first.getByRole('button', { name: 'Delete' }).click();
  await leader.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(first).toContainText('Comment removed');
  await expect(messages(ann.page).locator('li').first()).toContainText('Comment removed');

  // Empty or too long is refused before it is sent.
  await ann.page.getByLabel('Message the group').fill('x'.repeat(501));
  await ann.page.getByRole('button', { name: 'Send' }).click();
  await expect(ann.page.getByText('A comment can be at most 500 characters').first()).toBeVisible();

  await inBothThemesAndWidths(leader.page, async (scheme, label) => {
    await expectNoSeriousA11yViolations(leader.page);
    if (process.env.SCREENSHOTS === '1') {
      await leader.page.screenshot({
        path: `${SCREENSHOT_DIR}/conversation-thread-${scheme}-${label}.png`,
        fullPage: true,
      });
    }
  });
});
