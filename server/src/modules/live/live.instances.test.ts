import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AppProcess } from '../../test/app-process';
import { HttpUser, twoAppProcesses } from '../../test/app-process';
import { EventStreamReader } from '../../test/event-stream';
import { hoursFromNow } from '../../test/group-fixtures';

/**
 * Two real server processes on one PostgreSQL: what one instance writes reaches the
 * streams another instance holds, through LISTEN/NOTIFY and the group_events table.
 */
const opened: EventStreamReader[] = [];
const apps = twoAppProcesses(() => opened.forEach((stream) => stream.close()));

async function stream(app: AppProcess, user: HttpUser, groupId: number, lastEventId?: string) {
  const reader = await EventStreamReader.open(`${app.origin}/api/groups/${groupId}/events`, {
    cookie: user.cookieHeader,
    ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
  });
  opened.push(reader);
  expect(reader.status).toBe(200);
  // The first bytes (retry:) have come: the server has subscribed it by the time it flushes.
  return reader;
}

/** A group on the first instance with a leader, two members and one open prop. */
async function world() {
  const leader = await HttpUser.register(apps.first.origin, 'Lea');
  const max = await HttpUser.register(apps.second.origin, 'Max');
  const ora = await HttpUser.register(apps.first.origin, 'Ora');
  const created = await leader.call(apps.first.origin, 'POST', '/api/groups', { name: 'Game day' });
  expect(created.status).toBe(201);
  const { group } = created.body as { group: { id: number; code: string } };
  for (const member of [max, ora]) {
    const joined = await member.call(apps.first.origin, 'POST', '/api/groups/join', {
      code: group.code,
    });
    expect(joined.status).toBe(200);
  }
  const prop = await leader.call(apps.first.origin, 'POST', '/api/predictions', {
    groupId: group.id,
    sport: 'NFL',
    title: 'Who wins?',
    description: 'The late game',
    options: ['Home', 'Away'],
    gameDate: hoursFromNow(24).toISOString(),
  });
  expect(prop.status).toBe(201);
  return { leader, max, ora, groupId: group.id, propId: (prop.body as { id: number }).id };
}

const settle = () => sleep(300);

describe('live updates across two instances on one database', () => {
  it('a pick made through one instance reaches a stream on the other within a second', async () => {
    const { max, ora, groupId, propId } = await world();
    const watching = await stream(apps.second, max, groupId);
    await settle();
    const sentAt = Date.now();
    const picked = await ora.call(apps.first.origin, 'POST', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: 'Away',
    });
    expect(picked.status).toBe(201);
    const event = await watching.next('pick', (data) => data.propId === propId, 1_000);
    expect(event.receivedAt - sentAt).toBeLessThan(1_000);
    expect(event.data).toMatchObject({ pickCount: 1, userIds: [ora.id] });
  });

  it("ends a member's stream on the other instance when they leave the group", async () => {
    const { max, leader, groupId } = await world();
    const leaving = await stream(apps.second, max, groupId);
    const watching = await stream(apps.second, leader, groupId);
    await settle();
    const left = await max.call(apps.first.origin, 'POST', '/api/groups/leave', { groupId });
    expect(left.status).toBe(200);
    await leaving.untilEnded(2_000);
    await watching.next('member_left', (data) => data.userId === max.id, 2_000);
    expect(watching.ended).toBe(false);
  });

  it('a reconnect to the other instance with Last-Event-ID receives exactly the missed events', async () => {
    const { max, ora, leader, groupId, propId } = await world();
    const before = await stream(apps.first, max, groupId);
    await settle();
    await ora.call(apps.first.origin, 'POST', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: 'Home',
    });
    const last = await before.next('pick');
    before.close();
    // Missed while away: a pick, a prop, its activity line and a rename.
    await leader.call(apps.second.origin, 'POST', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: 'Away',
    });
    await leader.call(apps.first.origin, 'POST', '/api/predictions', {
      groupId,
      sport: 'NFL',
      title: 'Total points',
      description: 'Over or under 44.5',
      options: ['Over', 'Under'],
      gameDate: hoursFromNow(30).toISOString(),
    });
    await leader.call(apps.first.origin, 'PUT', `/api/groups/${groupId}`, { name: 'Renamed' });

    const after = await stream(apps.second, max, groupId, String(last.id));
    await after.next('settings');
    await settle();
    const lastId = Number(last.id);
    expect(after.events.map((event) => [Number(event.id), event.event])).toEqual([
      [lastId + 1, 'pick'],
      [lastId + 2, 'prop_added'],
      [lastId + 3, 'activity'],
      [lastId + 4, 'settings'],
    ]);
  });

  it('a prop locking by time is announced once, by one of the two instances, within two seconds', async () => {
    const { leader, max, ora, groupId } = await world();
    const lockAt = Date.now() + 2_000;
    const created = await leader.call(apps.first.origin, 'POST', '/api/predictions', {
      groupId,
      sport: 'NFL',
      title: 'First to score',
      description: 'Kick-off in two seconds',
      options: ['Home', 'Away'],
      gameDate: new Date(lockAt).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const propId = (created.body as { id: number }).id;
    for (const [who, option] of [
      [max, 'Home'],
      [ora, 'Away'],
    ] as const) {
      const picked = await who.call(apps.first.origin, 'POST', '/api/user-predictions', {
        predictionId: propId,
        selectedOption: option,
      });
      expect(picked.status).toBe(201);
    }
    // Before the lock, who picked what is refused.
    expect(
      (await max.call(apps.second.origin, 'GET', `/api/predictions/${propId}/picks`)).status,
    ).toBe(409);
    // Both instances hold streams, so both sweep.
    const onSecond = await stream(apps.second, max, groupId);
    const onFirst = await stream(apps.first, leader, groupId);
    const isLock = (data: Record<string, unknown>) =>
      (data.propIds as number[] | undefined)?.includes(propId) === true;
    const [a, b] = await Promise.all([
      onSecond.next('prop_locked', isLock, 6_000),
      onFirst.next('prop_locked', isLock, 6_000),
    ]);
    expect(a.receivedAt - lockAt).toBeLessThan(2_000);
    expect(b.receivedAt - lockAt).toBeLessThan(2_000);
    expect(a.id).toBe(b.id);
    expect(a.data).toEqual({ type: 'prop_locked', groupId, id: Number(a.id), propIds: [propId] });
    // More sweeps on both instances announce nothing more.
    await sleep(2_500);
    for (const reader of [onSecond, onFirst]) {
      expect(reader.events.filter((event) => event.event === 'prop_locked')).toHaveLength(1);
    }
    // What the event tells the page to read again now shows the reveal.
    const picks = await max.call(apps.second.origin, 'GET', `/api/predictions/${propId}/picks`);
    expect(picks.status).toBe(200);
    expect(picks.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: max.id, selectedOption: 'Home' }),
        expect.objectContaining({ userId: ora.id, selectedOption: 'Away' }),
      ]),
    );
    const props = await max.call(apps.second.origin, 'GET', `/api/predictions/group/${groupId}`);
    const locked = (props.body as { id: number; pickSplit: unknown }[]).find(
      (prop) => prop.id === propId,
    );
    expect(locked?.pickSplit).toEqual({ Home: 1, Away: 1 });
  });

  it("a group's set lock time passing announces every open prop once", async () => {
    const { leader, max, groupId, propId } = await world();
    const onSecond = await stream(apps.second, max, groupId);
    await settle();
    const lockAt = Date.now() + 2_000;
    const updated = await leader.call(apps.first.origin, 'PUT', `/api/groups/${groupId}`, {
      lockType: 'time',
      lockValue: new Date(lockAt).toISOString(),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const event = await onSecond.next('prop_locked', undefined, 6_000);
    expect(event.receivedAt - lockAt).toBeLessThan(2_000);
    expect(event.data).toMatchObject({ propIds: [propId] });
    await sleep(1_500);
    expect(onSecond.events.filter((e) => e.event === 'prop_locked')).toHaveLength(1);
  });
});
