import { expect, type APIRequestContext } from '@playwright/test';
import type { Person } from './people';

/** A call to the API as a person, which must succeed; its JSON answer. */
export async function api(
  request: APIRequestContext,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const response = await request[method](url, { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** A group of the leader's with these members and one open prop, its game two days away. */
export async function gameDay(leader: Person, members: Person[], name = 'Game Day') {
  const { group } = (await api(leader.request, 'post', '/api/groups', { name })) as {
    group: { id: number; code: string };
  };
  for (const member of members) {
    await api(member.request, 'post', '/api/groups/join', { code: group.code });
  }
  const prop = (await api(leader.request, 'post', '/api/predictions', {
    groupId: group.id,
    sport: 'NFL',
    title: 'Bills at Jets',
    description: 'Total points over or under 44.5?',
    options: ['Over', 'Under'],
    gameDate: new Date(Date.now() + 48 * 3600_000).toISOString(),
  })) as { id: number };
  return { group, prop };
}
