import { describe, expect, it } from 'vitest';
import { HttpUser, twoAppProcesses } from '../test/app-process';
import { hoursFromNow } from '../test/group-fixtures';

/**
 * Decision 0027: the leaderboard and the activity feed are kept per group version in each
 * instance's memory. Two real server processes on one PostgreSQL: every write made through
 * one is in the very next read through the other, whose kept answer was read before it.
 */
const apps = twoAppProcesses();

interface Entry {
  user: { id: number; displayName: string };
  wins: number;
  losses: number;
  pending: number;
  position: number;
}
interface Activity {
  eventType: string;
  actorName: string | null;
  eventData: Record<string, unknown>;
}

/** A GET as a browser makes it: compressed, and revalidated when it holds a tag. */
async function get(origin: string, user: HttpUser, path: string, etag?: string) {
  const response = await fetch(`${origin}${path}`, {
    headers: {
      cookie: user.cookieHeader,
      'accept-encoding': 'br, gzip',
      ...(etag !== undefined && { 'if-none-match': etag }),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag') ?? '',
    total: response.headers.get('x-total-count'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

async function world() {
  const leader = await HttpUser.register(apps.first.origin, 'Lea');
  const max = await HttpUser.register(apps.second.origin, 'Max');
  const created = await leader.call(apps.first.origin, 'POST', '/api/groups', { name: 'Game day' });
  expect(created.status).toBe(201);
  const { group } = created.body as { group: { id: number; code: string } };
  expect(
    (await max.call(apps.first.origin, 'POST', '/api/groups/join', { code: group.code })).status,
  ).toBe(200);
  const newProp = async (title: string) => {
    const prop = await leader.call(apps.first.origin, 'POST', '/api/predictions', {
      groupId: group.id,
      sport: 'NFL',
      title,
      description: 'The late game',
      options: ['Home', 'Away'],
      gameDate: hoursFromNow(24).toISOString(),
    });
    expect(prop.status).toBe(201);
    return (prop.body as { id: number }).id;
  };
  return { leader, max, groupId: group.id, code: group.code, newProp };
}

const board = async (user: HttpUser, groupId: number, query = '') =>
  (await get(apps.second.origin, user, `/api/leaderboard/${groupId}${query}`)).body as Entry[];
const feed = async (user: HttpUser, groupId: number) =>
  (await get(apps.second.origin, user, `/api/activity-events/${groupId}`)).body as Activity[];
const row = (entries: Entry[], user: HttpUser) =>
  entries.find((entry) => entry.user.id === user.id);

describe('answers kept per group version, across two instances', () => {
  it('the board and the feed read through one instance follow every write made through the other', async () => {
    const { leader, max, groupId, code, newProp } = await world();
    const propId = await newProp('Who wins?');
    // Kept on the second instance now.
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 0, wins: 0 });
    expect(await board(max, groupId, '?limit=1&offset=1')).toHaveLength(1);
    const feedBefore = await feed(max, groupId);

    // A pick.
    const pick = await max.call(apps.first.origin, 'POST', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: 'Home',
    });
    expect(pick.status).toBe(201);
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 1 });

    // A result: Max wins, Lea (no pick) loses.
    const result = await leader.call(apps.first.origin, 'PUT', `/api/predictions/${propId}`, {
      result: 'Home',
    });
    expect(result.status).toBe(200);
    const decided = await board(max, groupId);
    expect(row(decided, max)).toMatchObject({ wins: 1, pending: 0, position: 1 });
    expect(row(decided, leader)).toMatchObject({ losses: 1, position: 2 });
    const page = await get(apps.second.origin, max, `/api/leaderboard/${groupId}?limit=1&offset=1`);
    expect((page.body as Entry[]).map((entry) => entry.user.id)).toEqual([leader.id]);
    expect(page.total).toBe('2');
    const events = await feed(max, groupId);
    expect(events.length).toBeGreaterThan(feedBefore.length);
    expect(events[0]).toMatchObject({ eventType: 'result_set', actorName: 'Lea' });

    // A rename: the board's and the feed's names.
    const renamed = await leader.call(apps.first.origin, 'PUT', `/api/users/${leader.id}`, {
      displayName: 'Leanne',
    });
    expect(renamed.status).toBe(200);
    expect(row(await board(max, groupId), leader)?.user.displayName).toBe('Leanne');
    expect((await feed(max, groupId))[0]).toMatchObject({ actorName: 'Leanne' });

    // A member joining, then leaving.
    const ora = await HttpUser.register(apps.first.origin, 'Ora');
    expect((await ora.call(apps.first.origin, 'POST', '/api/groups/join', { code })).status).toBe(
      200,
    );
    expect(row(await board(max, groupId), ora)).toBeDefined();
    expect((await get(apps.second.origin, max, `/api/leaderboard/${groupId}?limit=1`)).total).toBe(
      '3',
    );
    expect(
      (await ora.call(apps.first.origin, 'POST', '/api/groups/leave', { groupId })).status,
    ).toBe(200);
    expect(row(await board(max, groupId), ora)).toBeUndefined();

    // A prop edited, then deleted.
    const totalPoints = await newProp('Total points');
    await max.call(apps.first.origin, 'POST', '/api/user-predictions', {
      predictionId: totalPoints,
      selectedOption: 'Away',
    });
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 1 });
    const edited = await leader.call(apps.first.origin, 'PUT', `/api/predictions/${totalPoints}`, {
      sport: 'NFL',
      title: 'Total points scored',
      description: 'Over or under',
      options: ['Over', 'Under'],
      gameDate: hoursFromNow(30).toISOString(),
    });
    expect(edited.status).toBe(200);
    // The edit dropped Max's option: his pick is gone.
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 0 });
    await max.call(apps.first.origin, 'POST', '/api/user-predictions', {
      predictionId: totalPoints,
      selectedOption: 'Over',
    });
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 1 });
    expect(
      (await leader.call(apps.first.origin, 'DELETE', `/api/predictions/${totalPoints}`)).status,
    ).toBe(204);
    expect(row(await board(max, groupId), max)).toMatchObject({ pending: 0, wins: 1 });
  });

  it('a tag from before a write made through the other instance is answered in full, the same tag after it with 304', async () => {
    const { leader, max, groupId, newProp } = await world();
    const propId = await newProp('Who wins?');
    for (const path of [`/api/leaderboard/${groupId}`, `/api/activity-events/${groupId}`]) {
      const before = await get(apps.second.origin, max, path);
      expect(before.status).toBe(200);
      expect((await get(apps.second.origin, max, path, before.etag)).status).toBe(304);
      // The other instance gives the same tag for the same version.
      expect((await get(apps.first.origin, max, path, before.etag)).status).toBe(304);
      // A pick moves the board; a result adds to the feed.
      const write = path.includes('leaderboard')
        ? await leader.call(apps.first.origin, 'POST', '/api/user-predictions', {
            predictionId: propId,
            selectedOption: 'Home',
          })
        : await leader.call(apps.first.origin, 'PUT', `/api/predictions/${propId}`, {
            result: 'Home',
          });
      expect(write.status).toBeLessThan(300);
      const after = await get(apps.second.origin, max, path, before.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(before.etag);
      expect(after.body).not.toEqual(before.body);
    }
  });

  it("a member's feed shows their own payment change and not another member's, the leader's both", async () => {
    const { leader, max, groupId, code } = await world();
    const ora = await HttpUser.register(apps.first.origin, 'Ora');
    expect((await ora.call(apps.first.origin, 'POST', '/api/groups/join', { code })).status).toBe(
      200,
    );
    const tracked = await leader.call(apps.first.origin, 'PUT', `/api/groups/${groupId}`, {
      trackPaymentStatus: true,
    });
    expect(tracked.status).toBe(200);
    // Kept for the members before any payment event.
    const payments = (events: Activity[]) =>
      events.filter((event) => event.eventType === 'payment_status_update');
    expect(payments(await feed(max, groupId))).toEqual([]);
    const paid = await leader.call(
      apps.first.origin,
      'PUT',
      `/api/groups/${groupId}/payment-status`,
      {
        userId: max.id,
        isPaid: true,
      },
    );
    expect(paid.status).toBe(200);
    expect(payments(await feed(max, groupId))).toHaveLength(1);
    expect(payments(await feed(ora, groupId))).toEqual([]);
    expect(payments(await feed(leader, groupId))).toHaveLength(1);
  });
});
