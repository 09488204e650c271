import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { easternStartOfDay, easternWallTimeOf } from '@shared/domain/eastern-time';
import { activityEvents, masterProps, props } from '../../db/schema';
import { seedGroup } from '../../test/group-fixtures';
import {
  daysFromNow,
  masterPropsSnapshot,
  sheetCsv,
  type SheetLine,
} from '../../test/master-props-fixtures';
import { startSheetServer } from '../../test/sheet-server';
import { createTestApp, registerUser } from '../../test/test-app';
import type { MasterPropsSources } from './master-props-sync';

const sources: MasterPropsSources = {};
const { app, database } = await createTestApp({ masterProps: { sources } });
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const leader = await registerUser(app, { displayName: 'Leader' });
const member = await registerUser(app, { displayName: 'Member' });
const sheets = await startSheetServer();
sources.NFL = sheets.url('/nfl.csv');
sources.NCAAF = sheets.url('/ncaaf.csv');

/** NFL: 6 props over the next 10 days (one decided, one already played); NCAAF: 2. */
const NFL: SheetLine[] = [
  { title: 'Played yesterday', gameDate: daysFromNow(-1) },
  { title: 'Day 1', gameDate: daysFromNow(1), result: 'Home' },
  { title: 'Day 2', gameDate: daysFromNow(2) },
  { title: 'Day 3', gameDate: daysFromNow(3) },
  { title: 'Day 5', gameDate: daysFromNow(5) },
  { title: 'Day 10', gameDate: daysFromNow(10) },
];
const NCAAF: SheetLine[] = [
  { title: 'College 1', gameDate: daysFromNow(1) },
  { title: 'College 2', gameDate: daysFromNow(2) },
];

const WEEK = { dateFrom: new Date().toISOString(), dateTo: daysFromNow(7).toISOString() };

let groupId = 0;

beforeAll(async () => {
  sheets.serve('/nfl.csv', sheetCsv(NFL));
  sheets.serve('/ncaaf.csv', sheetCsv(NCAAF));
  for (const sport of ['NFL', 'NCAAF']) {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/sync-master-props',
      payload: { sport },
    });
    expect(response.statusCode).toBe(200);
  }
});

beforeEach(async () => {
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: [member.id] });
  groupId = group.id;
});

const importProps = (payload: Record<string, unknown>) =>
  leader.request({ method: 'POST', url: '/api/import-props', payload: { groupId, ...payload } });

const countOf = async (query: Record<string, string>) => {
  const response = await leader.request({
    method: 'GET',
    url: `/api/master-props/count?${new URLSearchParams({ groupId: String(groupId), ...query })}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number }>().count;
};

const titlesInGroup = async () =>
  (
    await db
      .select({ title: props.title })
      .from(props)
      .where(eq(props.groupId, groupId))
      .orderBy(props.gameDate)
  ).map((row) => row.title);

describe('GET /api/master-props/count', () => {
  it('counts the sport within the range, and only what the group has not imported', async () => {
    expect(await countOf({ sport: 'NFL', ...WEEK })).toBe(4);
    expect(await countOf({ sport: 'NCAAF', ...WEEK })).toBe(2);
    expect(await countOf({ sport: 'NFL' })).toBe(6);
    expect(
      await countOf({ sport: 'NFL', dateFrom: daysFromNow(-2).toISOString(), dateTo: WEEK.dateTo }),
    ).toBe(5);
    await importProps({ sport: 'NFL', ...WEEK, count: 3 });
    expect(await countOf({ sport: 'NFL', ...WEEK })).toBe(1);
  });

  it.each([
    [{}, 'Please select a sport'],
    [{ sport: 'MLB' }, 'Sport must be NFL or NCAAF'],
    [{ sport: 'NFL', dateFrom: 'yesterday' }, 'Please select a date range'],
  ])('refuses %j', async (query, message) => {
    const response = await leader.request({
      method: 'GET',
      url: `/api/master-props/count?${new URLSearchParams({ groupId: String(groupId), ...query })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('POST /api/import-props', () => {
  it('copies the earliest matching props, linked and marked imported, with any result', async () => {
    const response = await importProps({ sport: 'NFL', ...WEEK, count: 2, importAll: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Imported 2 NFL props', count: 2 });

    const copies = await db
      .select({ copy: props, master: masterProps })
      .from(props)
      .innerJoin(masterProps, eq(masterProps.id, props.masterPropId))
      .where(eq(props.groupId, groupId))
      .orderBy(props.gameDate);
    expect(copies.map(({ copy }) => copy.title)).toEqual(['Day 1', 'Day 2']);
    for (const { copy, master } of copies) {
      expect(copy).toMatchObject({
        sport: master.sport,
        title: master.title,
        description: master.description,
        options: master.options,
        gameDate: master.gameDate,
        result: master.result,
        isImported: true,
        isActive: true,
        createdBy: leader.id,
      });
    }
    expect(copies[0]?.copy.result).toBe('Home');

    const [event] = await db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.groupId, groupId));
    expect(event).toMatchObject({
      eventType: 'new',
      actorId: leader.id,
      eventData: { count: 2, type: 'imported', sport: 'NFL' },
    });
  });

  it('imports the next ones on the next import, then all the rest, then none', async () => {
    await importProps({ sport: 'NFL', ...WEEK, count: 2 });
    expect((await importProps({ sport: 'NFL', ...WEEK, count: '1' })).json()).toEqual({
      message: 'Imported 1 NFL prop',
      count: 1,
    });
    expect((await importProps({ sport: 'NFL', ...WEEK, count: 50 })).json().count).toBe(1);
    expect(await titlesInGroup()).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 5']);
    expect(await importProps({ sport: 'NFL', ...WEEK, importAll: true })).toMatchObject({
      statusCode: 200,
    });
    const none = await importProps({ sport: 'NFL', ...WEEK, importAll: true });
    expect(none.json()).toEqual({
      message: 'No new NFL props to import in that date range',
      count: 0,
    });
    const eventCount = await db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.groupId, groupId));
    expect(eventCount).toHaveLength(3); // nothing recorded for an import that added nothing
  });

  it('imports everything in range with Import All, ignoring the count, and only that sport', async () => {
    const response = await importProps({
      sport: 'NFL',
      dateFrom: daysFromNow(-3).toISOString(),
      dateTo: daysFromNow(30).toISOString(),
      count: 'not a number',
      importAll: true,
    });
    expect(response.json().count).toBe(6);
    expect(await titlesInGroup()).toEqual(NFL.map((line) => line.title));
  });

  it('reads calendar days as whole days in New York time, both ends included', async () => {
    const day = (offset: number) => {
      const wall = easternWallTimeOf(daysFromNow(offset));
      return `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
    };
    // From the day of 'Day 2' to the day of 'Day 3': whatever their time of day.
    const response = await importProps({
      sport: 'NFL',
      dateFrom: day(2),
      dateTo: day(3),
      importAll: true,
    });
    expect(response.json().count).toBe(2);
    expect(await titlesInGroup()).toEqual(['Day 2', 'Day 3']);
    expect(easternStartOfDay(day(2))?.getTime()).toBeLessThanOrEqual(daysFromNow(2).getTime());
  });

  it('never duplicates under concurrent imports, and spreads counted ones over the next props', async () => {
    const all = await Promise.all(
      Array.from({ length: 5 }, () => importProps({ sport: 'NFL', ...WEEK, importAll: true })),
    );
    expect(all.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(all.map((response) => response.json<{ count: number }>().count).sort()).toEqual([
      0, 0, 0, 0, 4,
    ]);
    expect(await titlesInGroup()).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 5']);

    const other = await seedGroup(db, { leaderId: leader.id });
    groupId = other.id;
    const counted = await Promise.all(
      Array.from({ length: 3 }, () => importProps({ sport: 'NFL', ...WEEK, count: 1 })),
    );
    expect(counted.map((response) => response.json<{ count: number }>().count)).toEqual([1, 1, 1]);
    expect(await titlesInGroup()).toEqual(['Day 1', 'Day 2', 'Day 3']);
  });

  it('lets imported props lock from their game date like any other prop', async () => {
    await importProps({
      sport: 'NFL',
      dateFrom: daysFromNow(-2).toISOString(),
      dateTo: daysFromNow(2.5).toISOString(),
      importAll: true,
    });
    const response = await member.request({
      method: 'GET',
      url: `/api/predictions/group/${groupId}`,
    });
    const listed = new Map(
      response
        .json<{ title: string; lock: { reason: string }; isImported: boolean }[]>()
        .map((prop) => [prop.title, prop]),
    );
    expect(listed.get('Played yesterday')?.lock.reason).toBe('event_started');
    expect(listed.get('Day 1')?.lock.reason).toBe('result_set');
    expect(listed.get('Day 2')).toMatchObject({ isImported: true, lock: { reason: 'locks_at' } });

    const [played] = await db
      .select()
      .from(props)
      .where(and(eq(props.groupId, groupId), eq(props.title, 'Played yesterday')));
    const pick = await member.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: played?.id, selectedOption: 'Home' },
    });
    expect(pick.statusCode).toBe(409);
  });

  const INVALID: [string, Record<string, unknown>, string][] = [
    ['no sport', { ...WEEK, count: 1 }, 'Please select a sport'],
    ['an empty sport', { sport: '', ...WEEK, count: 1 }, 'Please select a sport'],
    [
      'a sport without master props',
      { sport: 'NBA', ...WEEK, count: 1 },
      'Sport must be NFL or NCAAF',
    ],
    ['no dates', { sport: 'NFL', count: 1 }, 'Please select a date range'],
    [
      'no end date',
      { sport: 'NFL', dateFrom: WEEK.dateFrom, count: 1 },
      'Please select a date range',
    ],
    [
      'empty dates',
      { sport: 'NFL', dateFrom: '', dateTo: '', count: 1 },
      'Please select a date range',
    ],
    [
      'an unreadable date',
      { sport: 'NFL', dateFrom: 'soon', dateTo: WEEK.dateTo, count: 1 },
      'Please select a date range',
    ],
    [
      'an impossible day',
      { sport: 'NFL', dateFrom: '2031-02-30', dateTo: '2031-03-02', count: 1 },
      'Please select a date range',
    ],
    [
      'a backwards range',
      { sport: 'NFL', dateFrom: WEEK.dateTo, dateTo: WEEK.dateFrom, count: 1 },
      'The date range must start before it ends',
    ],
    ['no count', { sport: 'NFL', ...WEEK }, 'Please enter a valid number'],
    ['an empty count', { sport: 'NFL', ...WEEK, count: '' }, 'Please enter a valid number'],
    ['a word for a count', { sport: 'NFL', ...WEEK, count: 'five' }, 'Please enter a valid number'],
    ['a fraction', { sport: 'NFL', ...WEEK, count: 2.5 }, 'Please enter a valid number'],
    [
      'zero',
      { sport: 'NFL', ...WEEK, count: 0 },
      'You must enter a positive number of props to import',
    ],
    [
      'a negative count',
      { sport: 'NFL', ...WEEK, count: '-3' },
      'You must enter a positive number of props to import',
    ],
    [
      'a count with importAll false',
      { sport: 'NFL', ...WEEK, importAll: false, count: null },
      'Please enter a valid number',
    ],
  ];

  it.each(INVALID)(
    'refuses %s with the spec message and imports nothing',
    async (_case, payload, message) => {
      const before = await masterPropsSnapshot(db);
      const response = await importProps(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().fieldErrors).toBeDefined();
      expect(await masterPropsSnapshot(db)).toEqual(before);
    },
  );
});

describe('GET /api/props-preview', () => {
  it('lists upcoming, undecided props of every sport to anyone, with four fields only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/props-preview' });
    expect(response.statusCode).toBe(200);
    const preview = response.json<Record<string, unknown>[]>();
    // Soonest first; 'College 2' was dated a moment after 'Day 2' above.
    expect(preview.map((prop) => prop.title)).toEqual([
      'College 1',
      'Day 2',
      'College 2',
      'Day 3',
      'Day 5',
      'Day 10',
    ]);
    for (const prop of preview) {
      expect(Object.keys(prop).sort()).toEqual(['description', 'id', 'sport', 'title']);
    }
  });

  it('answers 304 while the list stands, and the new list once the master list changes', async () => {
    const read = (etag?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/props-preview',
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const first = await read();
    const tag = String(first.headers.etag);
    const titles = first.json<{ id: number; title: string }[]>();
    expect((await read(tag)).statusCode).toBe(304);
    expect((await read()).json()).toEqual(titles);

    // A result takes the prop out of the preview; the operator's change moves the tag.
    const decided = titles[0];
    if (!decided) throw new Error('the preview is empty');
    await db.update(masterProps).set({ result: 'A' }).where(eq(masterProps.id, decided.id));
    try {
      const after = await read(tag);
      expect(after.statusCode).toBe(200);
      expect(after.json<{ id: number }[]>().map((prop) => prop.id)).not.toContain(decided.id);
    } finally {
      await db.update(masterProps).set({ result: null }).where(eq(masterProps.id, decided.id));
    }
  });
});
