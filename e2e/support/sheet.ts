import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './test';
import { uniqueName } from './app';
import type { People } from './people';

/**
 * Builds a group for the pick sheet's specs through the public API, as the leader's and
 * a member's own browsers would (each context has its own session cookie).
 */

export interface SeedProp {
  title: string;
  description: string;
  options: string[];
  /** Minutes from now until the game starts. */
  startsIn: number;
  sport?: 'NFL' | 'NCAAF';
}

/**
 * Game times on the whole minute from `from`, so props of one game share their start time
 * exactly: a group's props count from the same minute, even when creating them takes the
 * clock past one.
 */
export const nextWholeMinute = () => Math.ceil(Date.now() / 60_000) * 60_000;
const minutesFrom = (from: number, minutes: number) => new Date(from + minutes * 60_000);

export async function createPropViaApi(
  request: APIRequestContext,
  groupId: number,
  prop: SeedProp,
  from = nextWholeMinute(),
) {
  const response = await request.post('/api/predictions', {
    data: {
      groupId,
      sport: prop.sport ?? 'NFL',
      customSport: '',
      title: prop.title,
      description: prop.description,
      options: prop.options,
      gameDate: minutesFrom(from, prop.startsIn).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A leader with a group of `props`, and a member who joined it; both signed in. */
export async function groupWithProps(people: People, props: readonly SeedProp[]) {
  const { page: leader } = await people.account('Lena Leader');
  const created = await leader.request.post('/api/groups', {
    data: { name: `Sheet ${uniqueName('g')}`, invitePermission: 'all' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = ((await created.json()) as { group: { id: number; code: string } }).group;
  const ids: number[] = [];
  const from = nextWholeMinute();
  for (const prop of props) ids.push(await createPropViaApi(leader.request, group.id, prop, from));

  const { page: member } = await people.account('Milo Member');
  const joined = await member.request.post('/api/groups/join', { data: { code: group.code } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { groupId: group.id, path: `/group/${group.id}`, propIds: ids, leader, member };
}

/** The viewer's picks in the group, by prop id, as the server holds them. */
export async function savedPicksOf(page: Page, groupId: number) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  const response = await page.request.get(`/api/user-predictions/${me.user.id}?groupId=${groupId}`);
  const picks = (await response.json()) as { predictionId: number; selectedOption: string }[];
  return Object.fromEntries(picks.map((pick) => [pick.predictionId, pick.selectedOption]));
}

/** A prop card on the sheet, found by its question. */
export function sheetCard(page: Page, description: string) {
  return page.locator('article', { has: page.getByText(description, { exact: true }) });
}
