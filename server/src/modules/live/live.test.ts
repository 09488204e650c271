import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { groupEvents, groupMembers } from '../../db/schema';
import { EventStreamReader } from '../../test/event-stream';
import { allEventsNumbered } from '../../test/numbered-events';
import { REPLAY_LIMIT } from './event-hub';
import { hoursFromNow, seedGroup, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

/**
 * GET /api/groups/:id/events over real HTTP: who may open it, what each change sends (and
 * to whom), replay with Last-Event-ID, heartbeats, and when the server ends a stream.
 */
const { app, database } = await createTestApp({ live: { heartbeatMs: 300 } });
const db = database.db;
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const opened: EventStreamReader[] = [];
afterAll(() => opened.forEach((stream) => stream.close()));

await registerUser(app); // the operator: not part of these groups
const leader = await registerUser(app, { displayName: 'Lea' });
const member = await registerUser(app, { displayName: 'Max' });
const other = await registerUser(app, { displayName: 'Ora' });
const outsider = await registerUser(app, { displayName: 'Out' });

async function open(user: TestUser | null, groupId: number | string, headers = {}, query = '') {
  const stream = await EventStreamReader.open(`${origin}/api/groups/${groupId}/events${query}`, {
    ...(user?.cookie && { cookie: user.cookie }),
    ...headers,
  });
  opened.push(stream);
  return stream;
}

/** A group whose seeding events are numbered, so a stream opened now starts after them. */
async function freshGroup() {
  const group = await seedGroup(db, {
    leaderId: leader.id,
    memberIds: [member.id, other.id],
    trackPaymentStatus: true,
  });
  await allNumbered();
  return group;
}

const allNumbered = () => allEventsNumbered(app, db);

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => user.request({ method, url, ...(payload && { payload }) });

describe('GET /api/groups/:id/events', () => {
  it('answers members only, like every group route; bad Last-Event-ID is a 400', async () => {
    const group = await freshGroup();
    const signedOut = await open(null, group.id);
    expect(signedOut.status).toBe(401);
    expect((await open(outsider, group.id)).status).toBe(404);
    expect((await open(member, 999_999)).status).toBe(404);
    expect((await open(member, 'abc')).status).toBe(404);
    expect((await open(member, group.id, { 'last-event-id': 'x1' })).status).toBe(400);
    expect((await open(member, group.id, {}, '?lastEventId=-4')).status).toBe(400);
  });

  it('is a text/event-stream, never compressed or cached, with heartbeat comments', async () => {
    const group = await freshGroup();
    const stream = await open(member, group.id, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('etag')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-store');
    await stream.waitFor(() => stream.comments >= 2, 3_000);
  });

  it('sends an event for every change a member sees, with increasing ids, type and groupId', async () => {
    const group = await freshGroup();
    const stream = await open(other, group.id);
    await stream.waitFor(() => stream.comments >= 1);
    const created = await call(leader, 'POST', '/api/predictions', {
      groupId: group.id,
      sport: 'NFL',
      title: 'Who wins?',
      description: 'The late game',
      options: ['Home', 'Away'],
      gameDate: hoursFromNow(48).toISOString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const propId = created.json<{ id: number }>().id;
    await stream.next('prop_added', (data) => (data.propIds as number[]).includes(propId));
    await stream.next('activity', (data) => data.eventType === 'new');

    await call(member, 'POST', '/api/user-predictions', {
      predictionId: propId,
      selectedOption: 'Home',
    });
    const pick = await stream.next('pick');
    // Counts and who, never what, before the lock.
    expect(pick.data).toEqual({
      type: 'pick',
      groupId: group.id,
      id: Number(pick.id),
      propId,
      pickCount: 1,
      userIds: [member.id],
    });
    expect(JSON.stringify(stream.events)).not.toContain('Home');

    await call(leader, 'PUT', `/api/predictions/${propId}`, {
      title: 'Who wins it?',
      description: 'The late game',
      sport: 'NFL',
      options: ['Home', 'Away'],
      gameDate: hoursFromNow(48).toISOString(),
    });
    await stream.next('prop_edited', (data) => data.propId === propId);

    await call(leader, 'PUT', `/api/groups/${group.id}`, { isLocked: true });
    await stream.next('settings', (data) => data.isLocked === true && data.lockChanged === true);
    await call(leader, 'PUT', `/api/predictions/${propId}`, { result: 'Home' });
    const result = await stream.next('result', (data) => data.propId === propId);
    expect(result.data).toMatchObject({ result: 'Home', previousResult: null });
    // The result says the board moved and its activity line was written: no 'standings' or
    // 'activity' event of its own (the next write's event arrives, and nothing came between).
    await call(leader, 'PUT', `/api/groups/${group.id}`, { isLocked: false });
    await stream.next('settings', (data) => data.isLocked === false);
    expect(stream.events.map((event) => event.event)).not.toContain('standings');
    expect(stream.events.slice(-2).map((event) => event.event)).toEqual(['result', 'settings']);
    const feed = await call(leader, 'GET', `/api/activity-events/${group.id}`);
    expect(feed.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventType: 'result_set' })]),
    );

    const ids = stream.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    for (const event of stream.events) {
      expect(event.data).toMatchObject({ type: event.event, groupId: group.id });
    }
  });

  it('sends standings when wins or losses move other than by a result: a late joiner', async () => {
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
    await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(-2) });
    await allNumbered();
    const stream = await open(member, group.id);
    await stream.waitFor(() => stream.comments >= 1);
    // The decided prop is no loss for them (their exemption moves their record).
    const joined = await call(other, 'POST', '/api/groups/join', { code: group.code });
    expect(joined.statusCode, joined.body).toBe(200);
    await stream.next('member_joined', (data) => data.userId === other.id);
    await stream.next('standings');
  });

  it('tells the leader and that member only about a payment status', async () => {
    const group = await freshGroup();
    const [toLeader, toMember, toOther] = await Promise.all([
      open(leader, group.id),
      open(member, group.id),
      open(other, group.id),
    ]);
    await toOther.waitFor(() => toOther.comments >= 1);
    await call(leader, 'PUT', `/api/groups/${group.id}/payment-status`, {
      userId: member.id,
      isPaid: true,
    });
    await toLeader.next('payment', (data) => data.userId === member.id && data.isPaid === true);
    await toMember.next('payment');
    const isPaymentLine = (data: Record<string, unknown>) =>
      data.eventType === 'payment_status_update';
    await toLeader.next('activity', isPaymentLine);
    await toMember.next('activity', isPaymentLine);
    // Anything after it reaches the third member; nothing of the payment ever does, not
    // even that its activity line exists.
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Renamed' });
    await toOther.next('settings');
    expect(toOther.events.map((event) => event.event)).toEqual(['settings']);
    // A replay from before the payment skips it too.
    const firstId = Math.min(...toLeader.events.map((event) => Number(event.id)));
    const replay = await open(other, group.id, { 'last-event-id': String(firstId - 1) });
    await replay.next('settings');
    expect(replay.events.map((event) => event.event)).toEqual(['settings']);
  });

  it('replays exactly the missed events after Last-Event-ID (header or query)', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
    const first = await open(member, group.id);
    await first.waitFor(() => first.comments >= 1);
    await call(other, 'POST', '/api/user-predictions', {
      predictionId: prop.id,
      selectedOption: 'A',
    });
    const seen = await first.next('pick');
    first.close();
    await call(leader, 'POST', '/api/user-predictions', {
      predictionId: prop.id,
      selectedOption: 'B',
    });
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Game day' });
    await allNumbered();

    const missed = await db
      .select({ id: groupEvents.id, type: groupEvents.type })
      .from(groupEvents)
      .where(eq(groupEvents.groupId, group.id))
      .orderBy(groupEvents.id);
    const expected = missed.filter((event) => (event.id ?? 0) > Number(seen.id));
    expect(expected.map((event) => event.type)).toEqual(['pick', 'settings']);

    for (const replay of [
      await open(member, group.id, { 'last-event-id': String(seen.id) }),
      await open(member, group.id, {}, `?lastEventId=${seen.id}`),
    ]) {
      await replay.next('settings');
      await replay.waitFor(() => replay.comments >= 1);
      expect(replay.events.map((event) => [Number(event.id), event.event])).toEqual(
        expected.map((event) => [event.id, event.type]),
      );
      expect(replay.events[0]?.data).toMatchObject({ pickCount: 2, userIds: [leader.id] });
    }
  });

  it('asks for a refetch when the missed events were pruned', async () => {
    const group = await freshGroup();
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'One' });
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Two' });
    await allNumbered();
    const pruned = await db
      .delete(groupEvents)
      .where(eq(groupEvents.groupId, group.id))
      .returning({ id: groupEvents.id });
    const head = Math.max(...pruned.map((event) => event.id ?? 0));
    const stream = await open(member, group.id, { 'last-event-id': '1' });
    const refetch = await stream.next('refetch');
    expect(refetch.data).toMatchObject({ groupId: group.id, id: head, reason: 'too_old' });
    expect(Number(refetch.id)).toBe(head);
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Three' });
    const next = await stream.next('settings');
    expect(Number(next.id)).toBe(head + 1);
  });

  it('prunes numbered events older than the retention, and keeps recent and unnumbered ones', async () => {
    const group = await freshGroup();
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Old one' });
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Old two' });
    await allNumbered();
    // Written long ago: every event of the database so far.
    await db.execute(sql`update group_events set created_at = now() - interval '3 days'`);
    await call(leader, 'PUT', `/api/groups/${group.id}`, { name: 'Recent' });
    await allNumbered();
    // The sequencer's turn held, an old event stands for one its writer committed only now:
    // not numbered yet, so it stays until it is.
    const holder = await database.pool.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('group_events_number'))`);
      const [waiting] = await db
        .update(groupEvents)
        .set({ id: null })
        .where(
          sql`seq = (select max(seq) from group_events
            where group_id = ${group.id} and created_at < now() - interval '1 day')`,
        )
        .returning({ seq: groupEvents.seq });
      await app.liveEvents.pruneOldEvents();
      const left = await db
        .select({ seq: groupEvents.seq, id: groupEvents.id })
        .from(groupEvents)
        .where(eq(groupEvents.groupId, group.id))
        .orderBy(groupEvents.seq);
      expect(left).toEqual([
        { seq: waiting?.seq, id: null },
        { seq: expect.any(Number), id: expect.any(Number) },
      ]);
      await db.delete(groupEvents).where(sql`id is null`);
    } finally {
      await holder.query(`select pg_advisory_unlock(hashtext('group_events_number'))`);
      holder.release();
    }
  });

  it('asks for a refetch when more was missed than a replay sends', async () => {
    const group = await freshGroup();
    const before = await db.execute<{ id: string }>(
      sql`select last_id as id from group_event_heads where group_id = ${group.id}`,
    );
    const seen = Number(before.rows[0]?.id);
    await db.execute(sql`
      select group_event_emit(${group.id}, 'settings',
        '{"isLocked": false, "lockChanged": false}'::jsonb)
      from generate_series(1, ${REPLAY_LIMIT + 1})`);
    await allNumbered();
    const stream = await open(member, group.id, { 'last-event-id': String(seen) });
    const refetch = await stream.next('refetch');
    expect(refetch.data).toMatchObject({ id: seen + REPLAY_LIMIT + 1, reason: 'too_many' });
    expect(stream.events).toHaveLength(1);
  });

  it('announces a lock by time once, and not for props a result or the leader already locked', async () => {
    const group = await freshGroup();
    const manual = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: [member.id],
      lockType: 'leader',
      isLocked: true,
    });
    const stream = await open(member, group.id);
    const quiet = await open(member, manual.id);
    await stream.waitFor(() => stream.comments >= 1);
    await quiet.waitFor(() => quiet.comments >= 1);
    // The props come once the streams are open: the instance's own sweep (every second)
    // may announce one before the sweeps below, but never to a stream not yet open.
    const passed = new Date(Date.now() - 1_000);
    const due = await seedProp(db, { groupId: group.id, gameDate: passed, title: 'Due' });
    await seedProp(db, { groupId: group.id, gameDate: passed, result: 'A', title: 'Settled' });
    await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2), title: 'Later' });
    await seedProp(db, { groupId: manual.id, gameDate: passed });
    // Sweeps racing each other (and this instance's own timer) announce it once.
    await Promise.all([app.liveEvents.sweepLocks(), app.liveEvents.sweepLocks()]);
    await app.liveEvents.sweepLocks();
    const locked = await stream.next('prop_locked');
    expect(locked.data).toMatchObject({ propIds: [due.id] });
    await stream.waitFor(() => stream.comments >= 3);
    expect(stream.events.filter((event) => event.event === 'prop_locked')).toHaveLength(1);
    expect(quiet.events.filter((event) => event.event === 'prop_locked')).toHaveLength(0);
  });

  it('ends the stream of a member who leaves, and only theirs', async () => {
    const group = await freshGroup();
    const leaving = await open(member, group.id);
    const staying = await open(other, group.id);
    await leaving.waitFor(() => leaving.comments >= 1);
    const left = await call(member, 'POST', '/api/groups/leave', { groupId: group.id });
    expect(left.statusCode, left.body).toBe(200);
    await leaving.untilEnded(2_000);
    await staying.next('member_left', (data) => data.userId === member.id);
    expect(staying.ended).toBe(false);
  });

  it('ends streams when the group is deleted, on sign-out and when the account is deleted', async () => {
    const group = await freshGroup();
    const stream = await open(member, group.id);
    await stream.waitFor(() => stream.comments >= 1);
    await call(leader, 'DELETE', `/api/groups/${group.id}`);
    await stream.next('group_deleted');
    await stream.untilEnded(2_000);

    const second = await freshGroup();
    const signingOut = await registerUser(app, { displayName: 'Sio' });
    const leaving = await registerUser(app, { displayName: 'Del' });
    await db.insert(groupMembers).values([
      { groupId: second.id, userId: signingOut.id },
      { groupId: second.id, userId: leaving.id },
    ]);
    const a = await open(signingOut, second.id);
    const b = await open(leaving, second.id);
    const watching = await open(other, second.id);
    await a.waitFor(() => a.comments >= 1);
    await b.waitFor(() => b.comments >= 1);
    expect((await call(signingOut, 'POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    await a.untilEnded(2_000);
    const deleted = await call(leaving, 'DELETE', `/api/users/${leaving.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await b.untilEnded(2_000);
    await watching.next('member_left', (data) => data.userId === leaving.id);
  });
  it('numbers concurrent picks after commit: every picker in one event, ids with no gaps, the last event has the final count', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, () => registerUser(app)));
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: crowd.map((u) => u.id) });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
    await allNumbered();
    const made = await Promise.all(
      crowd.map((user, index) =>
        call(user, 'POST', '/api/user-predictions', {
          predictionId: prop.id,
          selectedOption: index % 2 ? 'A' : 'B',
        }),
      ),
    );
    expect(made.map((response) => response.statusCode)).toEqual(crowd.map(() => 201));
    await allNumbered();
    const { rows } = await db.execute<{
      id: string;
      payload: { pickCount: number; userIds: number[] };
    }>(sql`
      select id, payload from group_events
      where group_id = ${group.id} and type = 'pick' order by id`);
    // Picks that share a statement (decision 0033) share an event: every picker is in one.
    const pickers = rows.flatMap((row) => row.payload.userIds);
    expect(pickers.sort()).toEqual(crowd.map((user) => user.id).sort());
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toEqual(ids.map((_, index) => (ids[0] ?? 0) + index));
    expect(rows.at(-1)?.payload.pickCount).toBe(crowd.length);
  });

  it('lets a pick through while another write holds the group (no turn taken for an id)', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(24) });
    const holder = await database.pool.connect();
    try {
      // What a join or a result does first: the group's head, held to its commit.
      await holder.query('begin');
      await holder.query('select group_event_head_lock($1)', [group.id]);
      const pick = call(member, 'POST', '/api/user-predictions', {
        predictionId: prop.id,
        selectedOption: 'A',
      });
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000));
      const first = await Promise.race([pick.then((response) => response.statusCode), waited]);
      expect(first).toBe(201);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    // Numbered once the head is free again.
    await allNumbered();
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from group_events
      where group_id = ${group.id} and type = 'pick' and id is not null`);
    expect(rows[0]?.n).toBe(1);
  });
});
