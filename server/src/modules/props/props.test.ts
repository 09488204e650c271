import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_SPORT_REQUIRED,
  LOCK_TIME_PASSED,
  MISSING_REQUIRED_FIELDS,
} from '@shared/domain/custom-prop';
import { TOO_FEW_OPTIONS, TOO_MANY_OPTIONS } from '@shared/domain/prop-options';
import { groups } from '../../db/schema';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { computeStandings, storedStandings } from '../standings/expected-standings';
import { eventsOf, expectRefusal, picksOf, propRow, seedPropWith } from './props-test-kit';

const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' }); // the first account is the admin

const leader = await registerUser(app, { displayName: 'Lea' });
const member = await registerUser(app, { displayName: 'Max' });
const other = await registerUser(app, { displayName: 'Ora' });
const outsider = await registerUser(app, { displayName: 'Out' });

type GroupFields = Parameters<typeof seedGroup>[1];

/** A fresh group: leader Lea, members Max and Ora. */
const freshGroup = (fields: Partial<GroupFields> = {}) =>
  seedGroup(db, { leaderId: leader.id, memberIds: [member.id, other.id], ...fields });

const future = () => hoursFromNow(48).toISOString();

const customProp = (groupId: number, overrides: Record<string, unknown> = {}) => ({
  groupId,
  sport: 'NFL',
  title: 'Who wins?',
  description: 'Pick the winner of the late game.',
  options: ['Home', 'Away'],
  gameDate: future(),
  result: null,
  isActive: true,
  ...overrides,
});

const post = (user: TestUser, url: string, payload?: unknown) =>
  user.request({
    method: 'POST',
    url,
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
const put = (user: TestUser, url: string, payload: unknown) =>
  user.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });
const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });
const del = (user: TestUser, url: string) => user.request({ method: 'DELETE', url });

describe('GET /api/predictions/group/:id', () => {
  it("lists every prop with its lock state, options and only the viewer's own pick, in the spec order", async () => {
    const group = await freshGroup();
    const decided = await seedProp(db, {
      groupId: group.id,
      result: 'A',
      gameDate: hoursFromNow(-5),
      title: 'Decided',
    });
    const started = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-1),
      title: 'Started',
    });
    const picked = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(3),
      title: 'Picked',
    });
    const open = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(30),
      title: 'Open',
    });
    await seedPick(db, { userId: member.id, prop: picked, selectedOption: 'B' });
    await seedPick(db, { userId: other.id, prop: open, selectedOption: 'A' });
    await seedPick(db, { userId: member.id, prop: decided, selectedOption: 'B' });

    const response = await get(member, `/api/predictions/group/${group.id}`);
    expect(response.statusCode).toBe(200);
    const list = response.json<Record<string, unknown>[]>();
    expect(list.map((prop) => prop.title)).toEqual(['Open', 'Picked', 'Started', 'Decided']);
    const [first, second, third, fourth] = list;
    expect(first).toMatchObject({
      id: open.id,
      groupId: group.id,
      sport: 'NFL',
      options: [
        { value: 'A', label: 'A', odds: '' },
        { value: 'B', label: 'B', odds: '' },
        { value: 'C', label: 'C', odds: '' },
      ],
      result: null,
      isImported: false,
      lock: { locked: false, reason: 'locks_at', at: open.gameDate?.toISOString() },
      myPick: null, // Ora's pick is not Max's
      outcome: 'unpicked',
      canEdit: false,
      canDelete: false,
      canSetResult: false,
    });
    expect(second).toMatchObject({
      myPick: { selectedOption: 'B', isCorrect: null },
      outcome: 'pending',
    });
    expect(third).toMatchObject({
      lock: { locked: true, reason: 'event_started' },
      myPick: null,
      outcome: 'unpicked',
    });
    expect(fourth).toMatchObject({
      result: 'A',
      lock: { locked: true, reason: 'result_set', at: null },
      myPick: { selectedOption: 'B', isCorrect: false },
      outcome: 'loss',
    });
    void started;
  });

  it('shows the leader what they may manage, and a decided prop nobody picked as lost', async () => {
    const group = await freshGroup();
    await seedProp(db, { groupId: group.id, result: 'C', gameDate: hoursFromNow(-3) });
    const [prop] = (await get(leader, `/api/predictions/group/${group.id}`)).json<
      Record<string, unknown>[]
    >();
    expect(prop).toMatchObject({
      outcome: 'loss',
      myPick: null,
      canEdit: true,
      canDelete: true,
      canSetResult: true,
    });
  });

  it('filters by sport, case-insensitively; empty or all shows everything', async () => {
    const group = await freshGroup({ activeSports: ['NFL', 'NBA'] });
    await seedProp(db, { groupId: group.id, title: 'Football' });
    await seedPropWith(db, { groupId: group.id, title: 'Hoops', sport: 'NBA' });
    const titles = async (query: string) =>
      (await get(member, `/api/predictions/group/${group.id}${query}`))
        .json<{ title: string }[]>()
        .map((prop) => prop.title)
        .sort();
    expect(await titles('?sport=nba')).toEqual(['Hoops']);
    expect(await titles('?sport=NFL')).toEqual(['Football']);
    expect(await titles('?sport=MLB')).toEqual([]);
    expect(await titles('?sport=all')).toEqual(['Football', 'Hoops']);
    expect(await titles('?sport=')).toEqual(['Football', 'Hoops']);
    expect(await titles('')).toEqual(['Football', 'Hoops']);
  });

  it('is for members only: outsiders get the same 404 as a missing group', async () => {
    const group = await freshGroup();
    await seedProp(db, { groupId: group.id });
    const response = await get(outsider, `/api/predictions/group/${group.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Group not found' });
    expect((await get(member, '/api/predictions/group/999999')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/predictions/group/${group.id}` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/predictions', () => {
  it('creates an open, active custom prop by the signed-in leader, whatever the body says', async () => {
    const group = await freshGroup();
    const response = await post(
      leader,
      '/api/predictions',
      customProp(group.id, {
        title: '  Opening kickoff  ',
        options: [
          'Touchback',
          { value: 'return', label: 'Returned', odds: '+150' },
          { label: 'Onside' },
          '  ',
        ],
        result: 'Touchback',
        isActive: false,
        createdBy: other.id,
        userId: other.id,
        isImported: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      groupId: group.id,
      sport: 'NFL',
      title: 'Opening kickoff',
      options: [
        { value: 'Touchback', label: 'Touchback', odds: '' },
        { value: 'return', label: 'Returned', odds: '+150' },
        { value: 'Onside', label: 'Onside', odds: '' },
      ],
      result: null,
      isActive: true,
      isImported: false,
      createdBy: leader.id,
      lock: { locked: false, reason: 'locks_at' },
      myPick: null,
      canEdit: true,
    });
    const stored = await propRow(db, body.id);
    expect(stored).toMatchObject({ result: null, isActive: true, createdBy: leader.id });
    expect(
      (await eventsOf(db, group.id)).map((event) => [event.eventType, event.eventData]),
    ).toEqual([['new', { type: 'custom', title: 'Opening kickoff', sport: 'NFL' }]]);
  });

  it('stores a Custom sport under its name, spelled like a known sport when it is one', async () => {
    const group = await freshGroup();
    const golf = await post(
      leader,
      '/api/predictions',
      customProp(group.id, { sport: 'Custom', customSport: ' Golf ' }),
    );
    expect(golf.json().sport).toBe('Golf');
    const nba = await post(
      leader,
      '/api/predictions',
      customProp(group.id, { sport: 'Custom', customSport: 'nba' }),
    );
    expect(nba.json().sport).toBe('NBA');
  });

  it('lets members create props only where the group allows it', async () => {
    const closed = await freshGroup();
    await expectRefusal(
      db,
      () => post(member, '/api/predictions', customProp(closed.id)),
      403,
      'Only the group leader can create props in this group',
    );
    const open = await freshGroup({ allowMemberProps: true });
    const response = await post(member, '/api/predictions', customProp(open.id));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      createdBy: member.id,
      canEdit: true,
      canDelete: true,
      canSetResult: false,
    });
  });

  it('refuses a group the caller is not in with the same 404 as a missing one', async () => {
    const group = await freshGroup({ allowMemberProps: true });
    await expectRefusal(
      db,
      () => post(outsider, '/api/predictions', customProp(group.id)),
      404,
      'Group not found',
    );
    await expectRefusal(
      db,
      () => post(leader, '/api/predictions', customProp(2_000_000)),
      404,
      'Group not found',
    );
  });

  it.each([
    ['no title', { title: '' }, MISSING_REQUIRED_FIELDS, 'title'],
    ['no description', { description: '   ' }, MISSING_REQUIRED_FIELDS, 'description'],
    ['no Game Lock Time', { gameDate: undefined }, MISSING_REQUIRED_FIELDS, 'gameDate'],
    ['no sport', { sport: undefined }, MISSING_REQUIRED_FIELDS, 'sport'],
    [
      'Custom without a name',
      { sport: 'Custom', customSport: '' },
      CUSTOM_SPORT_REQUIRED,
      'customSport',
    ],
    ['one option', { options: ['Only'] }, TOO_FEW_OPTIONS, 'options'],
    ['blank options', { options: ['Home', '  '] }, TOO_FEW_OPTIONS, 'options'],
    ['six options', { options: ['1', '2', '3', '4', '5', '6'] }, TOO_MANY_OPTIONS, 'options'],
    [
      'a description over 150',
      { description: 'x'.repeat(151) },
      'Description must be at most 150 characters',
      'description',
    ],
    [
      'a lock time in the past',
      { gameDate: hoursFromNow(-1).toISOString() },
      LOCK_TIME_PASSED,
      'gameDate',
    ],
    [
      "an 'N/A' option",
      { options: ['Yes', 'N/A'] },
      "'N/A' is reserved for voided props and cannot be an option",
      'options',
    ],
    ['duplicate options', { options: ['Yes', 'yes'] }, 'Each option must be different', 'options'],
    [
      'a sport outside the form',
      { sport: 'Cricket' },
      'Sport must be NFL, NCAAF or Custom',
      'sport',
    ],
    ['no group', { groupId: undefined }, 'Choose the group for this prop', 'groupId'],
  ])(
    'refuses %s with the spec message (400) and changes nothing',
    async (_name, overrides, message, field) => {
      const group = await freshGroup();
      const response = await expectRefusal(
        db,
        () => post(leader, '/api/predictions', customProp(group.id, overrides)),
        400,
        message,
      );
      expect(response.json().fieldErrors[field]).toContain(message);
    },
  );

  it('refuses a body that is not JSON or not an object with a 4xx', async () => {
    const group = await freshGroup();
    await expectRefusal(
      db,
      () =>
        leader.request({
          method: 'POST',
          url: '/api/predictions',
          headers: { 'content-type': 'application/json' },
          payload: '{"groupId":',
        }),
      400,
      'The request body is not valid JSON',
    );
    await expectRefusal(db, () => post(leader, '/api/predictions', ['nope']), 400, /./);
    void group;
  });
});

describe('PUT /api/predictions/:id (edit)', () => {
  const edit = (overrides: Record<string, unknown> = {}) => {
    const { groupId: _groupId, ...body } = customProp(0, {
      title: 'Edited title',
      description: 'Edited description',
      options: ['A', { value: 'B', label: 'Bee', odds: '+200' }, 'D'],
      ...overrides,
    });
    return body;
  };

  it('updates the fields and drops picks on options that are gone, keeping the rest', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(10) });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'B' });
    await seedPick(db, { userId: other.id, prop, selectedOption: 'C' });
    const response = await put(
      leader,
      `/api/predictions/${prop.id}`,
      edit({ sport: 'Custom', customSport: 'Darts' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Edited title',
      description: 'Edited description',
      sport: 'Darts',
      options: [
        { value: 'A', label: 'A', odds: '' },
        { value: 'B', label: 'Bee', odds: '+200' },
        { value: 'D', label: 'D', odds: '' },
      ],
      result: null,
    });
    // A, B, C became A, Bee, D: another bet, so every pick on it is reset (decision 0020).
    expect(await picksOf(db, prop.id)).toEqual([]);
    expect((await eventsOf(db, group.id)).map((event) => event.eventData)).toEqual([
      {
        title: 'Edited title',
        previousOptions: ['A', 'B', 'C'],
        options: ['A', 'Bee', 'D'],
        previousDescription: 'Seeded prop',
        description: 'Edited description',
        picksReset: 2,
      },
    ]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  });

  it('resets the picks when the leader moves the line, and tells each member until they pick again', async () => {
    const group = await freshGroup();
    const line = (value: string) =>
      edit({ description: `Passing yards over/under ${value}`, options: ['Over', 'Under'] });
    const created = await post(leader, '/api/predictions', {
      ...line('250.5'),
      groupId: group.id,
    });
    expect(created.statusCode).toBe(201);
    const propId = created.json<{ id: number }>().id;
    for (const [user, option] of [
      [member, 'Over'],
      [other, 'Under'],
    ] as const) {
      const picked = await post(user, '/api/user-predictions', {
        predictionId: propId,
        selectedOption: option,
      });
      expect(picked.statusCode).toBe(201);
    }
    const cardOf = async (user: TestUser) =>
      (await get(user, `/api/predictions/group/${group.id}`))
        .json<{ id: number; myPick: unknown; pickReset: unknown }[]>()
        .find((prop) => prop.id === propId);

    // Rewording around the same line keeps the picks and says nothing.
    const reworded = await put(leader, `/api/predictions/${propId}`, {
      ...line('250.5'),
      title: 'Allen: passing yards',
    });
    expect(reworded.statusCode).toBe(200);
    expect(await picksOf(db, propId)).toHaveLength(2);
    const eventsBefore = (await eventsOf(db, group.id)).length;

    const moved = await put(leader, `/api/predictions/${propId}`, {
      ...line('280.5'),
      title: 'Allen: passing yards',
    });
    expect(moved.statusCode).toBe(200);
    expect(await picksOf(db, propId)).toEqual([]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
    const events = (await eventsOf(db, group.id)).slice(eventsBefore);
    expect(events.map((event) => [event.eventType, event.actorId, event.eventData])).toEqual([
      [
        'line_changed',
        leader.id,
        {
          title: 'Allen: passing yards',
          previousOptions: ['Over', 'Under'],
          options: ['Over', 'Under'],
          previousDescription: 'Passing yards over/under 250.5',
          description: 'Passing yards over/under 280.5',
          picksReset: 2,
        },
      ],
    ]);
    expect(await cardOf(member)).toMatchObject({
      myPick: null,
      pickReset: { previousOption: 'Over' },
    });
    expect(await cardOf(leader)).toMatchObject({ pickReset: null });
    await post(member, '/api/user-predictions', { predictionId: propId, selectedOption: 'Under' });
    expect(await cardOf(member)).toMatchObject({
      myPick: { selectedOption: 'Under' },
      pickReset: null,
    });
    expect(await cardOf(other)).toMatchObject({ pickReset: { previousOption: 'Under' } });
  });

  it('lets the member who created a prop edit it while members may create props, and nobody else', async () => {
    const group = await freshGroup({ allowMemberProps: true });
    const prop = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(10),
      createdBy: member.id,
    });
    await expectRefusal(
      db,
      () => put(other, `/api/predictions/${prop.id}`, edit()),
      403,
      'Only the group leader or the member who created this prop can change it',
    );
    expect((await put(member, `/api/predictions/${prop.id}`, edit())).statusCode).toBe(200);
    await db.update(groups).set({ allowMemberProps: false }).where(eq(groups.id, group.id));
    await expectRefusal(
      db,
      () => put(member, `/api/predictions/${prop.id}`, edit({ title: 'Again' })),
      403,
      'Only the group leader or the member who created this prop can change it',
    );
  });

  it('refuses imported, locked and decided props, and past lock times', async () => {
    const group = await freshGroup();
    const imported = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(10),
      isImported: true,
    });
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${imported.id}`, edit()),
      403,
      "Imported props cannot be edited: they follow the operator's master prop",
    );
    const started = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${started.id}`, edit()),
      409,
      'This prop is locked: the event has started',
    );
    // The spec's edit payload carries result: null; it edits, it does not clear the result.
    const decided = await seedProp(db, {
      groupId: group.id,
      gameDate: hoursFromNow(10),
      result: 'A',
    });
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${decided.id}`, edit({ result: null })),
      409,
      'This prop is locked: its result has been set',
    );
    const open = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(10) });
    await expectRefusal(
      db,
      () =>
        put(
          leader,
          `/api/predictions/${open.id}`,
          edit({ gameDate: hoursFromNow(-2).toISOString() }),
        ),
      400,
      LOCK_TIME_PASSED,
    );
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${open.id}`, edit({ options: ['Only one'] })),
      400,
      TOO_FEW_OPTIONS,
    );
  });

  it('answers 404 for a prop in a group the caller is not in, or none at all', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(10) });
    await expectRefusal(
      db,
      () => put(outsider, `/api/predictions/${prop.id}`, edit()),
      404,
      'Prop not found',
    );
    await expectRefusal(
      db,
      () => put(leader, '/api/predictions/987654', edit()),
      404,
      'Prop not found',
    );
    await expectRefusal(
      db,
      () => put(leader, '/api/predictions/abc', edit()),
      400,
      'Prop not found',
    );
    await expectRefusal(
      db,
      () => put(leader, '/api/predictions/99999999999', edit()),
      400,
      'Prop not found',
    );
  });
});

describe('PUT /api/predictions/:id (result)', () => {
  it('sets, changes, voids and removes a result, recording each change in the activity feed', async () => {
    const group = await freshGroup();
    const prop = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-1),
      title: 'Total points',
      options: [
        { value: 'over', label: 'Over 44.5', odds: '-110' },
        { value: 'under', label: 'Under 44.5', odds: '-110' },
      ],
    });
    const setResult = (result: string | null) =>
      put(leader, `/api/predictions/${prop.id}`, { result });

    const first = await setResult('over');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      result: 'over',
      lock: { locked: true, reason: 'result_set' },
    });
    expect((await setResult('under')).json().result).toBe('under');
    expect((await setResult('under')).statusCode).toBe(200); // unchanged: no event
    expect((await setResult('n/a')).json().result).toBe('N/A');
    expect((await setResult(null)).json()).toMatchObject({
      result: null,
      lock: { locked: true, reason: 'event_started' },
    });
    expect((await setResult(null)).statusCode).toBe(200); // already none: no event

    const events = (await eventsOf(db, group.id)).map((event) => [
      event.eventType,
      event.eventData,
      event.predictionId,
      event.actorId,
    ]);
    expect(events).toEqual([
      [
        'result_set',
        { result: 'over', resultLabel: 'Over 44.5', title: 'Total points' },
        prop.id,
        leader.id,
      ],
      [
        'result_set',
        {
          result: 'under',
          resultLabel: 'Under 44.5',
          title: 'Total points',
          previousResult: 'over',
          previousResultLabel: 'Over 44.5',
        },
        prop.id,
        leader.id,
      ],
      [
        'result_set',
        {
          result: 'N/A',
          resultLabel: 'N/A',
          title: 'Total points',
          previousResult: 'under',
          previousResultLabel: 'Under 44.5',
        },
        prop.id,
        leader.id,
      ],
      [
        'result_removed',
        { previousResult: 'N/A', previousResultLabel: 'N/A', title: 'Total points' },
        prop.id,
        leader.id,
      ],
    ]);
  });

  it("accepts '' as removing the result, like the admin panel sends", async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(5) });
    const response = await put(leader, `/api/predictions/${prop.id}`, { result: '' });
    expect(response.json()).toMatchObject({ result: null, lock: { locked: false } });
  });

  it('reopens picking when the result is removed before the lock', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(5) });
    await expectRefusal(
      db,
      () => post(member, '/api/user-predictions', { predictionId: prop.id, selectedOption: 'B' }),
      409,
      'This prop is locked: its result has been set',
    );
    await put(leader, `/api/predictions/${prop.id}`, { result: null });
    const pick = await post(member, '/api/user-predictions', {
      predictionId: prop.id,
      selectedOption: 'B',
    });
    expect(pick.statusCode).toBe(201);
  });

  it('refuses members, imported props, values that are not options, and outsiders', async () => {
    const group = await freshGroup({ allowMemberProps: true });
    const prop = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-1),
      createdBy: member.id,
    });
    await expectRefusal(
      db,
      () => put(member, `/api/predictions/${prop.id}`, { result: 'A' }),
      403,
      'Only the group leader can set or remove results',
    );
    const imported = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(-1),
      isImported: true,
    });
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${imported.id}`, { result: 'A' }),
      403,
      "The result of an imported prop comes from the operator's master prop, not from the group leader",
    );
    const invalid = await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${prop.id}`, { result: 'Z' }),
      400,
      "Choose one of the prop's options, or N/A to void it",
    );
    expect(invalid.json().fieldErrors).toEqual({
      result: ["Choose one of the prop's options, or N/A to void it"],
    });
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${prop.id}`, { result: 42 }),
      400,
      "Choose one of the prop's options, or N/A to void it",
    );
    await expectRefusal(
      db,
      () => put(leader, `/api/predictions/${prop.id}`, {}),
      400,
      MISSING_REQUIRED_FIELDS,
    );
    await expectRefusal(
      db,
      () => put(outsider, `/api/predictions/${prop.id}`, { result: 'A' }),
      404,
      'Prop not found',
    );
  });
});

describe('DELETE /api/predictions/:id', () => {
  it('deletes an unlocked prop and its picks, recording prop_deleted', async () => {
    const group = await freshGroup();
    const prop = await seedPropWith(db, {
      groupId: group.id,
      gameDate: hoursFromNow(5),
      title: 'Gone',
      sport: 'NBA',
    });
    await seedPick(db, { userId: member.id, prop, selectedOption: 'A' });
    const response = await del(leader, `/api/predictions/${prop.id}`);
    expect(response.statusCode).toBe(204);
    expect(await propRow(db, prop.id)).toBeUndefined();
    expect(await picksOf(db, prop.id)).toEqual([]);
    const [event] = await eventsOf(db, group.id);
    expect(event).toMatchObject({
      eventType: 'prop_deleted',
      predictionId: prop.id,
      actorId: leader.id,
      eventData: { title: 'Gone', sport: 'NBA' },
    });
  });

  it('refuses locked props, members who did not create it, outsiders and missing props', async () => {
    const group = await freshGroup({ allowMemberProps: true, lockType: 'leader', isLocked: true });
    const locked = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5) });
    await expectRefusal(
      db,
      () => del(leader, `/api/predictions/${locked.id}`),
      409,
      'This prop is locked: the group leader has locked picks',
    );
    const decided = await seedProp(db, { groupId: group.id, result: 'A' });
    await expectRefusal(
      db,
      () => del(leader, `/api/predictions/${decided.id}`),
      409,
      'This prop is locked: its result has been set',
    );

    const open = await freshGroup({ allowMemberProps: true });
    const mine = await seedPropWith(db, {
      groupId: open.id,
      gameDate: hoursFromNow(5),
      createdBy: member.id,
    });
    await expectRefusal(
      db,
      () => del(other, `/api/predictions/${mine.id}`),
      403,
      'Only the group leader or the member who created this prop can change it',
    );
    await expectRefusal(
      db,
      () => del(outsider, `/api/predictions/${mine.id}`),
      404,
      'Prop not found',
    );
    await expectRefusal(db, () => del(leader, '/api/predictions/777777'), 404, 'Prop not found');
    expect((await del(member, `/api/predictions/${mine.id}`)).statusCode).toBe(204);
  });

  it('follows a time lock: refused once the lock time has passed', async () => {
    const group = await freshGroup({ lockType: 'time', lockValue: hoursFromNow(-1) });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5) });
    await expectRefusal(
      db,
      () => del(leader, `/api/predictions/${prop.id}`),
      409,
      "This prop is locked: the group's lock time has passed",
    );
  });
});

describe('GET /api/activity-events/:id', () => {
  it('lists events newest first, with who did them, and honours a limit', async () => {
    const group = await freshGroup();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
    await put(leader, `/api/predictions/${prop.id}`, { result: 'A' });
    await put(leader, `/api/predictions/${prop.id}`, { result: null });
    await post(leader, '/api/predictions', customProp(group.id));
    const all = (await get(member, `/api/activity-events/${group.id}`)).json<
      Record<string, unknown>[]
    >();
    expect(all.map((event) => event.eventType)).toEqual(['new', 'result_removed', 'result_set']);
    expect(all[2]).toMatchObject({
      id: expect.any(Number),
      groupId: group.id,
      predictionId: prop.id,
      createdAt: expect.any(String),
      eventData: { result: 'A' },
      actorName: 'Lea',
    });
    const newest = (await get(member, `/api/activity-events/${group.id}?limit=2`)).json<
      Record<string, unknown>[]
    >();
    expect(newest.map((event) => event.eventType)).toEqual(['new', 'result_removed']);
  });

  it('refuses outsiders and bad limits', async () => {
    const group = await freshGroup();
    expect((await get(outsider, `/api/activity-events/${group.id}`)).statusCode).toBe(404);
    for (const limit of ['0', '-1', '101', 'ten', '1.5']) {
      const response = await get(member, `/api/activity-events/${group.id}?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().message).toBe('limit must be a whole number from 1 to 100');
    }
    for (const before of ['0', '-3', 'x', '1.5']) {
      const response = await get(member, `/api/activity-events/${group.id}?before=${before}`);
      expect(response.statusCode, before).toBe(400);
      expect(response.json().message).toBe('before must be the id of an event of this group');
    }
  });

  it('answers 50 events by default, and the next page after a given event', async () => {
    const group = await freshGroup();
    const other = await freshGroup();
    // 120 events, some sharing a moment (one statement): the order breaks ties by id.
    await db.execute(sql`
      insert into activity_events (group_id, event_type, event_data, created_at)
      select ${group.id}, 'new', jsonb_build_object('type', 'prebuilt', 'count', n),
        now() - make_interval(secs => n / 2)
      from generate_series(1, 120) n`);
    const counts = (events: { eventData: { count?: number } }[]) =>
      events.map((event) => event.eventData.count);
    type Events = { id: number; eventData: { count?: number } }[];
    // Newest first; within one moment the later insert (the larger n) first.
    const order = Array.from({ length: 120 }, (_, index) => index + 1).sort(
      (a, b) => Math.floor(a / 2) - Math.floor(b / 2) || b - a,
    );

    const first = (await get(member, `/api/activity-events/${group.id}`)).json<Events>();
    expect(counts(first)).toEqual(order.slice(0, 50));

    // A new event lands at the top meanwhile: the next page neither repeats nor skips.
    await post(leader, '/api/predictions', customProp(group.id));
    const lastId = first.at(-1)?.id;
    const second = (
      await get(member, `/api/activity-events/${group.id}?before=${lastId}&limit=60`)
    ).json<Events>();
    expect(counts(second)).toEqual(order.slice(50, 110));
    const third = (
      await get(member, `/api/activity-events/${group.id}?before=${second.at(-1)?.id}`)
    ).json<Events>();
    expect(counts(third)).toEqual(order.slice(110));
    const past = await get(member, `/api/activity-events/${group.id}?before=${third.at(-1)?.id}`);
    expect(past.json()).toEqual([]);

    // Another group's event id continues nothing here.
    await post(leader, '/api/predictions', customProp(other.id));
    const foreign = (await get(member, `/api/activity-events/${other.id}`)).json<Events>();
    const response = await get(member, `/api/activity-events/${group.id}?before=${foreign[0]?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/groups/:id/stats', () => {
  it("gives the viewer's wins, losses, win rate, pending count and position", async () => {
    const group = await freshGroup();
    const won = await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(-5) });
    const lost = await seedProp(db, { groupId: group.id, result: 'A', gameDate: hoursFromNow(-5) });
    const missed = await seedProp(db, {
      groupId: group.id,
      result: 'B',
      gameDate: hoursFromNow(-5),
    });
    const voided = await seedProp(db, {
      groupId: group.id,
      result: 'N/A',
      gameDate: hoursFromNow(-5),
    });
    const pending = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(5) });
    await seedPick(db, { userId: member.id, prop: won, selectedOption: 'A' });
    await seedPick(db, { userId: member.id, prop: lost, selectedOption: 'C' });
    await seedPick(db, { userId: member.id, prop: voided, selectedOption: 'A' });
    await seedPick(db, { userId: member.id, prop: pending, selectedOption: 'A' });
    await seedPick(db, { userId: other.id, prop: won, selectedOption: 'A' });
    await seedPick(db, { userId: other.id, prop: lost, selectedOption: 'A' });
    void missed;
    const stats = (await get(member, `/api/groups/${group.id}/stats`)).json();
    expect(stats).toEqual({
      wins: 1,
      losses: 2,
      pending: 1,
      winRate: 33.3,
      position: 2,
      totalMembers: 3,
    });
    const leaderStats = (await get(leader, `/api/groups/${group.id}/stats`)).json();
    expect(leaderStats).toEqual({
      wins: 0,
      losses: 3,
      pending: 0,
      winRate: 0,
      position: 3,
      totalMembers: 3,
    });
  });
});
