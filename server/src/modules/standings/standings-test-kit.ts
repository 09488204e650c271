import { expect } from 'vitest';
import { hoursFromNow } from '../../test/group-fixtures';
import type { TestUser } from '../../test/test-app';

export async function createPool(leader: TestUser): Promise<{ id: number; code: string }> {
  const created = await leader.request({
    method: 'POST',
    url: '/api/groups',
    payload: { name: 'Standings Pool' },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ group: { id: number; code: string } }>().group;
}

export async function createOpenProp(
  leader: TestUser,
  groupId: number,
  options: string[] = ['A', 'B', 'C'],
): Promise<number> {
  const response = await leader.request({
    method: 'POST',
    url: '/api/predictions',
    payload: {
      groupId,
      sport: 'NFL',
      title: 'Who wins?',
      description: 'Standings test',
      options,
      gameDate: hoursFromNow(24).toISOString(),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}
