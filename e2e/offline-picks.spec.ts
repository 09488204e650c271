import { expect, test } from './support/test';
import { expectToast, PHONE, screenshots } from './support/app';
import { groupWithProps, savedPicksOf, sheetCard } from './support/sheet';

/**
 * Decision 0088: a pick made offline is kept in the browser until it reaches the server,
 * through the tab being closed; each is judged by the server when it arrives. Found on a
 * phone.
 */
test('a pick made offline survives closing the tab and is saved once back online; a locked one says so', async ({
  people,
}) => {
  const world = await groupWithProps(people, [
    {
      title: 'Bills at Jets',
      description: 'Who wins Bills at Jets?',
      options: ['Bills', 'Jets'],
      startsIn: 600,
    },
    {
      title: 'Total points',
      description: 'Total points over or under 44.5?',
      options: ['Over', 'Under'],
      startsIn: 600,
    },
  ]);
  const { leader: lp, groupId, propIds } = world;
  let mp = world.member;
  const [winnerId, totalId] = propIds;
  await mp.setViewportSize(PHONE);
  await mp.goto(world.path);
  const winner = sheetCard(mp, 'Who wins Bills at Jets?');
  const total = sheetCard(mp, 'Total points over or under 44.5?');
  await expect(winner.getByRole('button', { name: /Bills/ })).toBeEnabled();

  const context = mp.context();
  await context.setOffline(true);
  try {
    await winner.getByRole('button', { name: /Bills/ }).click();
    await total.getByRole('button', { name: /Under/ }).click();
    await expect(winner).toContainText('Saving…');
    await screenshots(mp, 'offline-01-picks-waiting');

    // Leaving with picks unsent asks first: the page cancels beforeunload, which is what
    // makes the browser ask. The tab is then closed rather than reloaded: a reload offline
    // ends on Chromium's error page, which commits in a process of its own, and the page it
    // replaces lives on for a moment out of reach of Playwright's offline emulation, online
    // again, sending its picks.
    const asksFirst = await mp.evaluate(() => {
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    });
    expect(asksFirst).toBe(true);
    await mp.close();
    mp = await context.newPage();

    // Meanwhile the leader settles the second prop: it is locked when the pick arrives.
    const settled = await lp.request.put(`/api/predictions/${totalId}`, {
      data: { result: 'Over' },
    });
    expect(settled.status()).toBe(200);
  } finally {
    await context.setOffline(false);
  }

  await mp.goto(world.path);
  await expect.poll(() => savedPicksOf(mp, groupId)).toEqual({ [String(winnerId)]: 'Bills' });
  await expectToast(mp, 'Failed to save pick');
  await expectToast(
    mp,
    'Your pick on "Total points" was not saved: This prop is locked: its result has been set',
  );
  await expect(
    sheetCard(mp, 'Who wins Bills at Jets?').getByRole('button', { name: /Bills/, pressed: true }),
  ).toBeVisible();
});
