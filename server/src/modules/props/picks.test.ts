import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups, props } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { expectRefusal, picksOf } from './props-test-kit';

const { app, database } = await createTestApp();
const db = database.db;
const operator = await registerUser(app, { displayName: 'Operator' });

const leader = await registerUser(app, { displayName: 'Lea' });
const member = await registerUser(app, { displayName: 'Max' });
const other = await registerUser(app, { displayName: 'Ora' });
const outsider = await registerUser(app, { displayName: 'Out' });

const freshGroup = (fields: Partial<Parameters<typeof seedGroup>[1]> = {}) =>
  seedGroup(db, { leaderId: leader.id, memberIds: [member.id, other.id], ...fields });

const pick = (user: TestUser, payload: Record<string, unknown>) =>
  user.request({ method: 'POST', url: '/api/user-predictions', payload });
const changePick = (user: TestUser, pickId: number, selectedOption: unknown) =>
  user.request({
    method: 'PUT',
    url: `/api/user-predictions/${pickId}`,
    payload: { selectedOption },
  });

describe('POST /api/user-predictions', () => {
  it('creates a pick (201), then changes the same pick (200): one row per member and prop', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const created = await pick(member, { predictionId: prop.id, selectedOption: 'A' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: member.id,
      predictionId: prop.id,
      groupId: group.id,
      selectedOption: 'A',
      isCorrect: null,
    });
    const changed = await pick(member, { predictionId: prop.id, selectedOption: 'C' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: created.json().id, selectedOption: 'C' });
    const rows = await picksOf(db, prop.id);
    expect(rows.map((row) => [row.userId, row.selectedOption])).toEqual([[member.id, 'C']]);
  });

  it('answers what the client counts a pick by: a new pick was updated when it was created', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    type Answer = { createdAt: string; updatedAt: string };
    const created = (
      await pick(member, { predictionId: prop.id, selectedOption: 'A' })
    ).json<Answer>();
    expect(created.updatedAt).toBe(created.createdAt);
    const changed = (
      await pick(member, { predictionId: prop.id, selectedOption: 'B' })
    ).json<Answer>();
    expect(changed.createdAt).toBe(created.createdAt);
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(changed.createdAt));
  });

  it('picks for the signed-in member whatever userId the body names', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const response = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      headers: { 'x-user-id': String(other.id) },
      payload: { predictionId: prop.id, selectedOption: 'B', userId: other.id },
    });
    expect(response.json().userId).toBe(member.id);
    expect((await picksOf(db, prop.id)).map((row) => row.userId)).toEqual([member.id]);
  });

  it('leaves exactly one pick after 50 concurrent requests for one member and prop', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const options = ['A', 'B', 'C'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        pick(member, { predictionId: prop.id, selectedOption: options[index % 3] }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(49);
    const rows = await picksOf(db, prop.id);
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json<{ id: number }>().id))).toEqual(
      new Set([rows[0]?.id]),
    );
  });

  it('refuses an option the prop does not have, keeping any earlier pick', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    const message = "Choose one of this prop's options";
    const response = await expectRefusal(
      db,
      () => pick(member, { predictionId: prop.id, selectedOption: 'Z' }),
      400,
      message,
    );
    expect(response.json().fieldErrors).toEqual({ selectedOption: [message] });
    // Values match exactly: a label or another case is not an option value.
    await expectRefusal(
      db,
      () => pick(member, { predictionId: prop.id, selectedOption: 'a' }),
      400,
      message,
    );
    await expectRefusal(
      db,
      () => pick(member, { predictionId: prop.id, selectedOption: '  ' }),
      400,
      'Choose an option',
    );
    await expectRefusal(db, () => pick(member, { predictionId: prop.id }), 400, 'Choose an option');
    await expectRefusal(
      db,
      () => pick(member, { predictionId: 'x', selectedOption: 'A' }),
      400,
      'Prop not found',
    );
  });

  it.each([
    [
      'a result is set',
      { result: 'A', gameDate: hoursFromNow(2) },
      {},
      'This prop is locked: its result has been set',
    ],
    [
      'the prop is voided',
      { result: 'N/A', gameDate: null },
      {},
      'This prop is locked: its result has been set',
    ],
    [
      'the game has started (game lock)',
      { gameDate: hoursFromNow(-0.01) },
      {},
      'This prop is locked: the event has started',
    ],
    [
      "the group's lock time has passed (time lock)",
      { gameDate: hoursFromNow(5) },
      { lockType: 'time' as const, lockValue: hoursFromNow(-1) },
      "This prop is locked: the group's lock time has passed",
    ],
    [
      'the leader locked the group (leader lock)',
      { gameDate: hoursFromNow(5) },
      { lockType: 'leader' as const, isLocked: true },
      'This prop is locked: the group leader has locked picks',
    ],
    [
      'the leader locked a time-locked group early',
      { gameDate: null },
      { lockType: 'time' as const, lockValue: hoursFromNow(5), isLocked: true },
      'This prop is locked: the group leader has locked picks',
    ],
    [
      'the leader locked a game-locked group and the prop has no game date',
      { gameDate: null },
      { isLocked: true },
      'This prop is locked: the group leader has locked picks',
    ],
  ])(
    'refuses a pick (409) when %s, and changes nothing',
    async (_name, propFields, groupFields, message) => {
      const group = await freshGroup(groupFields);
      const prop = await seedProp(db, { groupId: group.id, ...propFields });
      await seedPick(db, { userId: other.id, prop, selectedOption: 'B' });
      await expectRefusal(
        db,
        () => pick(member, { predictionId: prop.id, selectedOption: 'A' }),
        409,
        message,
      );
    },
  );

  it('stops accepting picks once the lock time passes', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(1) });
    expect((await pick(member, { predictionId: prop.id, selectedOption: 'A' })).statusCode).toBe(
      201,
    );
    // The clock moves on: kickoff is now a second ago.
    await db
      .update(props)
      .set({ gameDate: new Date(Date.now() - 1000) })
      .where(eq(props.id, prop.id));
    await expectRefusal(
      db,
      () => pick(member, { predictionId: prop.id, selectedOption: 'B' }),
      409,
      'This prop is locked: the event has started',
    );
    await expectRefusal(
      db,
      () => pick(other, { predictionId: prop.id, selectedOption: 'B' }),
      409,
      'This prop is locked: the event has started',
    );
    expect((await picksOf(db, prop.id)).map((row) => row.selectedOption)).toEqual(['A']);
  });

  // Decision 0016: the group's lock type only adds earlier locks. Whatever the leader saves
  // after kickoff, through the same settings call the Leader Dashboard makes, the started
  // game stays closed; a prop without a game date shows the change did take effect.
  // Named by the earlier lock: the game, or a set time that passed before it.
  const STILL_LOCKED =
    /^This prop is locked: (the event has started|the group's lock time has passed)$/;
  const settingChanges: [string, Record<string, unknown>][] = [
    ['lock type game', { lockType: 'game' }],
    ['lock type game, unlocked', { lockType: 'game', isLocked: false }],
    ['lock type leader, unlocked', { lockType: 'leader', isLocked: false }],
    ['lock type leader, then locked', { lockType: 'leader', isLocked: true }],
    ['a set time next week', { lockType: 'time', lockValue: hoursFromNow(24 * 7).toISOString() }],
    ['a set time already past', { lockType: 'time', lockValue: hoursFromNow(-2).toISOString() }],
    [
      'a set time next week, unlocked',
      { lockType: 'time', lockValue: hoursFromNow(24 * 7).toISOString(), isLocked: false },
    ],
    ['the manual flag off alone', { isLocked: false }],
    ['the manual flag on alone', { isLocked: true }],
    ['payment tracking on', { trackPaymentStatus: true }],
  ];
  describe.each([
    ['game', {}],
    ['leader (unlocked)', { lockType: 'leader' as const }],
    ['leader (locked)', { lockType: 'leader' as const, isLocked: true }],
    ['time (past)', { lockType: 'time' as const, lockValue: hoursFromNow(-3) }],
    ['time (next week)', { lockType: 'time' as const, lockValue: hoursFromNow(24 * 7) }],
  ])('a game that has started, in a group locked by %s', (_start, groupFields) => {
    it.each(settingChanges)(
      'stays closed to picks after the leader saves %s',
      async (_name, change) => {
        const group = await freshGroup(groupFields);
        const started = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-0.1) });
        await seedPick(db, { userId: other.id, prop: started, selectedOption: 'B' });
        const saved = await leader.request({
          method: 'PUT',
          url: `/api/groups/${group.id}`,
          payload: change,
        });
        expect(saved.statusCode).toBe(200);
        await expectRefusal(
          db,
          () => pick(member, { predictionId: started.id, selectedOption: 'A' }),
          409,
          STILL_LOCKED,
        );
        await expectRefusal(
          db,
          () => pick(other, { predictionId: started.id, selectedOption: 'A' }),
          409,
          STILL_LOCKED,
        );
        const listed = await member.request({ url: `/api/predictions/group/${group.id}` });
        expect(listed.json()).toEqual([
          expect.objectContaining({
            id: started.id,
            lock: expect.objectContaining({ locked: true }),
          }),
        ]);
      },
    );
  });

  it('stays closed through a whole run of setting changes after kickoff, to new picks and changed ones', async () => {
    // Issue 12: the leader tries every way to reopen a started game, one after another
    // (not only each from a fresh group), and removes its result; after each, a new pick
    // (POST) and a change of an existing one (PUT) are both refused.
    const group = await freshGroup({ lockType: 'game' });
    const started = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-0.1) });
    const existing = await seedPick(db, { userId: other.id, prop: started, selectedOption: 'B' });
    const run: Record<string, unknown>[] = [
      { lockType: 'leader', isLocked: false },
      { lockType: 'time', lockValue: hoursFromNow(24 * 7).toISOString(), isLocked: false },
      { lockType: 'game', isLocked: false },
      { lockType: 'leader', isLocked: true },
      { isLocked: false },
      { lockType: 'time', lockValue: hoursFromNow(1).toISOString() },
      { lockType: 'time', lockValue: hoursFromNow(-1).toISOString() },
      { lockType: 'time', lockValue: hoursFromNow(48).toISOString() },
      { lockType: 'leader', isLocked: false },
    ];
    const expectClosed = async () => {
      await expectRefusal(
        db,
        () => pick(member, { predictionId: started.id, selectedOption: 'A' }),
        409,
        STILL_LOCKED,
      );
      await expectRefusal(db, () => changePick(other, existing.id, 'A'), 409, STILL_LOCKED);
    };
    for (const change of run) {
      const saved = await leader.request({
        method: 'PUT',
        url: `/api/groups/${group.id}`,
        payload: change,
      });
      expect(saved.statusCode, JSON.stringify(change)).toBe(200);
      await expectClosed();
    }
    // A result set and removed by the leader: the game has still started.
    for (const result of ['A', null]) {
      const decided = await leader.request({
        method: 'PUT',
        url: `/api/predictions/${started.id}`,
        payload: { result },
      });
      expect(decided.statusCode).toBe(200);
    }
    await expectClosed();
    expect((await picksOf(db, started.id)).map((row) => row.selectedOption)).toEqual(['B']);
  });

  it('follows a time lock the moment its time passes, without anyone sending isLocked', async () => {
    const group = await freshGroup({ lockType: 'time', lockValue: hoursFromNow(1) });
    const prop = await seedProp(db, { groupId: group.id, gameDate: null });
    expect((await pick(member, { predictionId: prop.id, selectedOption: 'A' })).statusCode).toBe(
      201,
    );
    await db
      .update(groups)
      .set({ lockValue: new Date(Date.now() - 1000) })
      .where(eq(groups.id, group.id));
    await expectRefusal(
      db,
      () => pick(member, { predictionId: prop.id, selectedOption: 'B' }),
      409,
      "This prop is locked: the group's lock time has passed",
    );
  });

  it('answers 404 for a prop outside the caller’s groups, as for one that does not exist', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    await expectRefusal(
      db,
      () => pick(outsider, { predictionId: prop.id, selectedOption: 'A' }),
      404,
      'Prop not found',
    );
    await expectRefusal(
      db,
      () => pick(member, { predictionId: 424242, selectedOption: 'A' }),
      404,
      'Prop not found',
    );
    await expectRefusal(
      db,
      () =>
        app.inject({
          method: 'POST',
          url: '/api/user-predictions',
          payload: { predictionId: prop.id, selectedOption: 'A' },
        }),
      401,
      'Please sign in to continue',
    );
  });
});

describe('the operator in the official event they run (decision 0051)', () => {
  it('is told they do not pick, changes nothing, and the event counts only its players', async () => {
    const created = await operator.request({
      method: 'POST',
      url: '/api/admin/groups/official',
      payload: { name: 'Bowl Challenge', activeSports: ['NFL'], lockType: 'game' },
    });
    expect(created.statusCode).toBe(201);
    const eventId: number = created.json().group.id;
    const fan = await registerUser(app, { displayName: 'Fan' });
    const joined = await fan.request({
      method: 'POST',
      url: '/api/groups/join-official',
      payload: { groupId: eventId, socialUsername: '@fan' },
    });
    expect(joined.statusCode).toBe(200);
    const prop = await seedProp(db, { groupId: eventId, gameDate: hoursFromNow(2) });

    await expectRefusal(
      db,
      () => pick(operator, { predictionId: prop.id, selectedOption: 'A' }),
      403,
      'You run this event, so you do not pick in it',
    );
    expect(await picksOf(db, prop.id)).toEqual([]);
    expect((await pick(fan, { predictionId: prop.id, selectedOption: 'B' })).statusCode).toBe(201);

    const details = async (user: TestUser) =>
      (await user.request({ method: 'GET', url: `/api/groups/${eventId}` })).json<unknown>();
    expect(await details(operator)).toMatchObject({ isContestant: false, memberCount: 1 });
    expect(await details(fan)).toMatchObject({ isContestant: true, memberCount: 1 });
    const listed = await operator.request({
      method: 'GET',
      url: `/api/predictions/group/${eventId}`,
    });
    expect(listed.json()).toMatchObject([{ id: prop.id, pickCount: 1, myPick: null }]);
    const pickers = await fan.request({
      method: 'GET',
      url: `/api/predictions/${prop.id}/pickers`,
    });
    expect(pickers.json()).toEqual({
      picked: [{ userId: fan.id, displayName: 'Fan' }],
      notPicked: [],
    });
  });
});

describe('PUT /api/user-predictions/:id', () => {
  it("changes the caller's own pick under the same rules", async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const own = await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    const response = await changePick(member, own.id, 'B');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: own.id, selectedOption: 'B', isCorrect: null });
    await expectRefusal(
      db,
      () => changePick(member, own.id, 'Z'),
      400,
      "Choose one of this prop's options",
    );
  });

  it("refuses someone else's pick with 404, and a locked prop with 409", async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const theirs = await seedPick(db, { userId: other.id, prop, selectedOption: 'A' });
    await expectRefusal(db, () => changePick(member, theirs.id, 'B'), 404, 'Pick not found');
    await expectRefusal(db, () => changePick(member, 313131, 'B'), 404, 'Pick not found');
    const started = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    const late = await seedPick(db, { userId: member.id, prop: started, selectedOption: 'A' });
    await expectRefusal(
      db,
      () => changePick(member, late.id, 'B'),
      409,
      'This prop is locked: the event has started',
    );
  });
});

describe('picks sent together (decision 0033)', () => {
  it("lands a crowd's concurrent picks in a few statements, each answered with its own pick", async () => {
    const crowd = await Promise.all(Array.from({ length: 12 }, () => registerUser(app)));
    const group = await seedGroup(db, { leaderId: leader.id, memberIds: crowd.map((u) => u.id) });
    const sheet = await Promise.all(
      [1, 2, 3].map(() => seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) })),
    );
    const wanted = crowd.flatMap((user, u) =>
      sheet.map((prop, p) => ({ user, prop, option: ['A', 'B', 'C'][(u + p) % 3] ?? 'A' })),
    );
    let responses: Awaited<ReturnType<typeof pick>>[] = [];
    const statements = await statementsDuring(async () => {
      responses = await Promise.all(
        wanted.map(({ user, prop, option }) =>
          pick(user, { predictionId: prop.id, selectedOption: option }),
        ),
      );
    });
    responses.forEach((response, index) => {
      const { user, prop, option } = wanted[index] ?? {};
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        userId: user?.id,
        predictionId: prop?.id,
        selectedOption: option,
      });
    });
    const writes = statements.filter((text) => text.startsWith('insert into picks'));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.length).toBeLessThanOrEqual(wanted.length / 2);
    for (const prop of sheet) {
      const stored = (await picksOf(db, prop.id)).map((row) => [row.userId, row.selectedOption]);
      const expected = wanted
        .filter((want) => want.prop.id === prop.id)
        .map((want) => [want.user.id, want.option]);
      expect(stored.sort()).toEqual(expected.sort());
    }
  });

  it('does not hold up other picks while a result is being set, and then refuses the late one', async () => {
    const group = await freshGroup();
    const deciding = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const open = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const mine = await seedPick(db, { userId: member.id, prop: deciding, selectedOption: 'A' });
    // Another writer holds the prop as a leader's result does until it commits.
    const client = await database.db.$client.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from props where id = $1 for no key update', [deciding.id]);
      const late = changePick(member, mine.id, 'B');
      const meanwhile = await Promise.all([
        pick(other, { predictionId: open.id, selectedOption: 'C' }),
        pick(member, { predictionId: open.id, selectedOption: 'A' }),
      ]);
      expect(meanwhile.map((response) => response.statusCode)).toEqual([201, 201]);
      await client.query("update props set result = 'A' where id = $1", [deciding.id]);
      await client.query('commit');
      const refused = await late;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This prop is locked: its result has been set');
    } finally {
      client.release();
    }
    expect((await picksOf(db, deciding.id)).map((row) => row.selectedOption)).toEqual(['A']);
  });
});

describe('GET /api/user-predictions/:id?groupId=', () => {
  it("lists the caller's picks in a group with isCorrect by the scoring rule", async () => {
    // A fresh member, so "every group" means exactly these two.
    const viewer = await registerUser(app, { displayName: 'Vic' });
    const group = await freshGroup({ memberIds: [viewer.id, other.id] });
    const elsewhere = await freshGroup({ memberIds: [viewer.id] });
    const right = await seedProp(db, { groupId: group.id, result: 'A' });
    const wrong = await seedProp(db, { groupId: group.id, result: 'B' });
    const voided = await seedProp(db, { groupId: group.id, result: 'N/A' });
    const open = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3) });
    const otherGroupProp = await seedProp(db, { groupId: elsewhere.id, gameDate: hoursFromNow(3) });
    for (const prop of [right, wrong, voided, open, otherGroupProp]) {
      await seedPick(db, { userId: viewer.id, prop, selectedOption: 'A' });
    }
    await seedPick(db, { userId: other.id, prop: right, selectedOption: 'A' });

    const response = await viewer.request({
      method: 'GET',
      url: `/api/user-predictions/${viewer.id}?groupId=${group.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ predictionId: number; isCorrect: boolean | null; userId: number }[]>()
        .map((entry) => [entry.predictionId, entry.isCorrect, entry.userId]),
    ).toEqual([
      [right.id, true, viewer.id],
      [wrong.id, false, viewer.id],
      [voided.id, null, viewer.id],
      [open.id, null, viewer.id],
    ]);

    const everywhere = await viewer.request({
      method: 'GET',
      url: `/api/user-predictions/${viewer.id}`,
    });
    expect(everywhere.json()).toHaveLength(5);

    // Not in the group: 404; in it with nothing picked: an empty list.
    const none = await other.request({
      method: 'GET',
      url: `/api/user-predictions/${other.id}?groupId=${elsewhere.id}`,
    });
    expect(none.statusCode).toBe(404);
    const empty = await viewer.request({
      method: 'GET',
      url: `/api/user-predictions/${viewer.id}?groupId=${(await freshGroup({ memberIds: [viewer.id] })).id}`,
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });

  it('is tagged before it is built: a 304 while nothing changed, the new list once it has', async () => {
    const viewer = await registerUser(app, { displayName: 'Tia' });
    const group = await freshGroup({ memberIds: [viewer.id] });
    const first = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3) });
    const second = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(3) });
    const url = `/api/user-predictions/${viewer.id}?groupId=${group.id}`;
    const read = async (etag?: string) => {
      const response = await viewer.request({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', ...(etag && { 'if-none-match': etag }) },
      });
      const body =
        response.statusCode === 200 && response.rawPayload.length > 0
          ? (JSON.parse(
              (response.headers['content-encoding'] === 'br'
                ? brotliDecompressSync(response.rawPayload)
                : response.rawPayload
              ).toString(),
            ) as { predictionId: number; isCorrect: boolean | null }[])
          : null;
      return { status: response.statusCode, etag: String(response.headers.etag), body };
    };

    expect((await pick(viewer, { predictionId: first.id, selectedOption: 'A' })).statusCode).toBe(
      201,
    );
    const one = await read();
    expect(one.body?.map((entry) => entry.predictionId)).toEqual([first.id]);
    expect((await read(one.etag)).status).toBe(304);
    expect((await read()).body).toEqual(one.body);

    expect((await pick(viewer, { predictionId: second.id, selectedOption: 'B' })).statusCode).toBe(
      201,
    );
    const two = await read(one.etag);
    expect(two.status).toBe(200);
    expect(two.body?.map((entry) => entry.predictionId)).toEqual([first.id, second.id]);

    await db.update(props).set({ result: 'A' }).where(eq(props.id, first.id));
    const decided = await read(two.etag);
    expect(decided.status).toBe(200);
    expect(decided.body?.map((entry) => entry.isCorrect)).toEqual([true, null]);
  });

  it("refuses another member's picks (403) and a group the caller is not in (404)", async () => {
    const group = await freshGroup();
    const forbidden = await member.request({
      method: 'GET',
      url: `/api/user-predictions/${other.id}?groupId=${group.id}`,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You can only list your own picks' });
    const notMine = await outsider.request({
      method: 'GET',
      url: `/api/user-predictions/${outsider.id}?groupId=${group.id}`,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ message: 'Group not found' });
    const badGroup = await member.request({
      method: 'GET',
      url: `/api/user-predictions/${member.id}?groupId=abc`,
    });
    expect(badGroup.statusCode).toBe(400);
  });
});
