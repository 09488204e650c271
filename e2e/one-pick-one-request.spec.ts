import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DESKTOP } from './support/app';
import { gameDay } from './support/game-day';

/**
 * One pick is one request (decision 0079): the page that made it sends the pick and reads
 * nothing again, not even when the pick's own live event comes back. Another tab of the
 * same person still follows it live.
 */

const card = (page: Page) => page.locator('article[data-prop-id]');

const pending = (page: Page) =>
  page
    .getByRole('region', { name: 'Your Stats' })
    .locator('dt', { hasText: /^Pending$/ })
    .locator('xpath=following-sibling::dd[1]');

/** Opens the group page and waits for its live stream to be answered. */
async function openLive(page: Page, groupId: number) {
  const stream = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith(`/api/groups/${groupId}/events`),
  );
  await page.goto(`/group/${groupId}`);
  await stream;
  await expect(card(page).getByTestId('pick-count')).toHaveText('0 of 2 have picked');
  await expect(pending(page)).toHaveText('0');
}

test('a pick costs one request in the tab that made it, and reaches the other tab live', async ({
  people,
}) => {
  const leader = await people.account('Lea', { viewport: DESKTOP });
  const ann = await people.account('Ann', { viewport: DESKTOP });
  const { group } = await gameDay(leader, [ann]);

  const picking = ann.page;
  const otherTab = await ann.context.newPage();
  await openLive(picking, group.id);
  await openLive(otherTab, group.id);

  const requests: string[] = [];
  picking.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.endsWith('/events')) {
      requests.push(`${request.method()} ${pathname}`);
    }
  });
  await card(picking).getByRole('button', { name: 'Under' }).click();

  // The other tab reads the pick and the stats again on the live event.
  await expect(card(otherTab).getByRole('button', { name: 'Under' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(pending(otherTab)).toHaveText('1');
  // The picking tab had the same event (it patched the count) and read nothing for it.
  await expect(card(picking).getByTestId('pick-count')).toHaveText('1 of 2 have picked');
  await expect(pending(picking)).toHaveText('1');
  await picking.waitForTimeout(1_000);
  expect(requests).toEqual(['POST /api/user-predictions']);
  await otherTab.close();
});
