import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, masterProps, picks, props, roundSettlements } from '../../db/schema';
import { seedGroup } from '../../test/group-fixtures';
import { settleQueuedRounds } from '../seasons/round-winners.service';
import { computeStandings, storedStandings } from '../standings/expected-standings';
import {
  daysFromNow,
  masterPropsByTitle,
  masterPropsSnapshot,
  sheetCsv,
  type SheetLine,
} from '../../test/master-props-fixtures';
import { startSheetServer } from '../../test/sheet-server';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import type { MasterPropsSources } from './master-props-sync';

/**
 * The operator's result reaches every group that imported the prop, in one transaction,
 * with an activity event in each group and the leaderboards following.
 */
const sources: MasterPropsSources = {};
const { app, database } = await createTestApp({ masterProps: { sources } });
const db = database.db;
const admin = await registerUser(app, { displayName: 'Operator' }); // first account: admin
const sheets = await startSheetServer();
sources.NFL = sheets.url('/nfl.csv');

const GAME = daysFromNow(2);
const LINES: SheetLine[] = [
  { key: 'winner', title: 'Bills at Jets', options: 'Bills|Jets', gameDate: GAME },
  { key: 'total', title: 'Total points', options: 'Over|Under', gameDate: GAME },
];

const sync = () =>
  admin.request({
    method: 'POST',
    url: '/api/admin/sync-master-props',
    // The operator has confirmed removals (decision 0092); sync.test checks the refusal.
    payload: { sport: 'NFL', removeMissing: true },
  });

const setResult = (id: number, result: string | null) =>
  admin.request({ method: 'PATCH', url: `/api/admin/master-props/${id}`, payload: { result } });

interface Pool {
  groupId: number;
  leader: TestUser;
  /** Picks each member makes on 'Bills at Jets'. */
  members: { user: TestUser; pick: string }[];
  copyId: number;
}

const pools: Pool[] = [];
let winnerId = 0;

async function makePool(name: string, memberPicks: string[]): Promise<Pool> {
  const leader = await registerUser(app, { displayName: `${name} leader` });
  const members = await Promise.all(
    memberPicks.map(async (pick, index) => ({
      user: await registerUser(app, { displayName: `${name} member ${index + 1}` }),
      pick,
    })),
  );
  const group = await seedGroup(db, {
    name,
    leaderId: leader.id,
    memberIds: members.map((member) => member.user.id),
  });
  const imported = await leader.request({
    method: 'POST',
    url: '/api/import-props',
    payload: {
      groupId: group.id,
      sport: 'NFL',
      dateFrom: daysFromNow(0).toISOString(),
      dateTo: daysFromNow(7).toISOString(),
      importAll: true,
    },
  });
  expect(imported.json()).toMatchObject({ count: 2 });
  const [copy] = await db
    .select()
    .from(props)
    .where(and(eq(props.groupId, group.id), eq(props.masterPropId, winnerId)));
  if (!copy) throw new Error('no imported copy');
  for (const { user, pick } of members) {
    const response = await user.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: copy.id, selectedOption: pick },
    });
    expect(response.statusCode).toBe(201);
  }
  return { groupId: group.id, leader, members, copyId: copy.id };
}

interface Standing {
  user: { id: number };
  wins: number;
  losses: number;
}

/** Each group's leaderboard as {userId: [wins, losses]}, members only (leaders did not pick). */
async function leaderboards() {
  return Promise.all(
    pools.map(async (pool) => {
      const response = await pool.leader.request({
        method: 'GET',
        url: `/api/leaderboard/${pool.groupId}`,
      });
      expect(response.statusCode).toBe(200);
      const entries = response.json<Standing[]>();
      return pool.members.map(({ user }) => {
        const entry = entries.find((candidate) => candidate.user.id === user.id);
        return [entry?.wins, entry?.losses];
      });
    }),
  );
}

async function copyResults() {
  const rows = await db
    .select({ groupId: props.groupId, result: props.result })
    .from(props)
    .where(eq(props.masterPropId, winnerId));
  return pools.map((pool) => rows.find((row) => row.groupId === pool.groupId)?.result);
}

const resultEvents = async () =>
  db
    .select()
    .from(activityEvents)
    .where(isNotNull(activityEvents.predictionId))
    .orderBy(activityEvents.id);

beforeAll(async () => {
  sheets.serve('/nfl.csv', sheetCsv(LINES));
  expect((await sync()).statusCode).toBe(200);
  winnerId = (await masterPropsByTitle(app, admin.cookie)).get('Bills at Jets')?.id ?? 0;
  pools.push(await makePool('Office', ['Bills', 'Jets']));
  pools.push(await makePool('Family', ['Bills', 'Bills', 'Jets']));
  pools.push(await makePool('Friends', ['Jets']));
});

describe('PATCH /api/admin/master-props/:id', () => {
  it('lists which groups imported each master prop', async () => {
    const listed = (await masterPropsByTitle(app, admin.cookie)).get('Bills at Jets');
    expect(listed).toMatchObject({
      isImported: true,
      groups: [
        { id: pools[1]?.groupId, name: 'Family' },
        { id: pools[2]?.groupId, name: 'Friends' },
        { id: pools[0]?.groupId, name: 'Office' },
      ],
    });
  });

  it('sets the result in every group, with an event in each and the leaderboards scored', async () => {
    const response = await setResult(winnerId, 'Bills');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Master prop result updated!',
      updatedCopies: 3,
      masterProp: { id: winnerId, result: 'Bills', isImported: true },
    });
    expect(await copyResults()).toEqual(['Bills', 'Bills', 'Bills']);
    expect(await leaderboards()).toEqual([
      [
        [1, 0],
        [0, 1],
      ],
      [
        [1, 0],
        [1, 0],
        [0, 1],
      ],
      [[0, 1]],
    ]);
    const events = await resultEvents();
    expect(events.map((event) => [event.groupId, event.eventType, event.eventData])).toEqual(
      pools.map((pool) => [
        pool.groupId,
        'result_set',
        { result: 'Bills', resultLabel: 'Bills', title: 'Bills at Jets', byPickem: true },
      ]),
    );
    expect(events.every((event) => event.actorId === admin.id)).toBe(true);
    // The feed credits the product, not the operator by name (private groups included).
    const feed = await pools[0]!.leader.request({
      method: 'GET',
      url: `/api/activity-events/${pools[0]!.groupId}?limit=1`,
    });
    expect(feed.json()).toMatchObject([
      { eventType: 'result_set', actorName: null, eventData: { byPickem: true } },
    ]);
  });

  it("queues each group's round once its props are all decided, for its winners", async () => {
    const totalId = (await masterPropsByTitle(app, admin.cookie)).get('Total points')?.id ?? 0;
    expect((await setResult(totalId, 'Over')).statusCode).toBe(200);
    const copies = await db
      .select({ groupId: props.groupId, roundId: props.roundId })
      .from(props)
      .where(eq(props.masterPropId, totalId));
    const queued = await db.select({ roundId: roundSettlements.roundId }).from(roundSettlements);
    expect(queued.map((row) => row.roundId).sort()).toEqual(
      copies.map((copy) => copy.roundId).sort(),
    );

    // What the round-winners job runs: every group's round gets its winners and its line.
    await settleQueuedRounds(db, (_roundId, error) => {
      throw error;
    });
    const lines = await db
      .select({ groupId: activityEvents.groupId, data: activityEvents.eventData })
      .from(activityEvents)
      .where(eq(activityEvents.eventType, 'round_winners'));
    // Friends' one member picked wrong: nobody scored there, so that round has no winner.
    expect(lines.map((line) => line.groupId).sort()).toEqual(
      [pools[0]!.groupId, pools[1]!.groupId].sort(),
    );
    const office = lines.find((line) => line.groupId === pools[0]!.groupId);
    expect(office?.data).toMatchObject({
      round: expect.stringMatching(/^Week \d+$/),
      winners: [{ displayName: 'Office member 1' }],
      points: 1,
    });

    // Cleared again, as the tests after this one expect it.
    expect((await setResult(totalId, null)).statusCode).toBe(200);
    await settleQueuedRounds(db, (_roundId, error) => {
      throw error;
    });
  });

  it('changes nothing and records nothing when the result is the same', async () => {
    const before = await masterPropsSnapshot(db);
    const response = await setResult(winnerId, 'Bills');
    expect(response.json()).toMatchObject({ updatedCopies: 0 });
    const after = await masterPropsSnapshot(db);
    expect(after.events).toEqual(before.events);
    expect(after.props).toEqual(before.props);
  });

  it('changes the result everywhere, recording the previous one', async () => {
    const seen = (await resultEvents()).length;
    expect((await setResult(winnerId, 'jets')).json().masterProp.result).toBe('Jets');
    expect(await copyResults()).toEqual(['Jets', 'Jets', 'Jets']);
    expect(await leaderboards()).toEqual([
      [
        [0, 1],
        [1, 0],
      ],
      [
        [0, 1],
        [0, 1],
        [1, 0],
      ],
      [[1, 0]],
    ]);
    const events = (await resultEvents()).slice(seen);
    expect(events).toHaveLength(3);
    expect(events[0]?.eventData).toEqual({
      result: 'Jets',
      resultLabel: 'Jets',
      previousResult: 'Bills',
      previousResultLabel: 'Bills',
      title: 'Bills at Jets',
      byPickem: true,
    });
  });

  it('voids it everywhere: no wins, no losses', async () => {
    expect((await setResult(winnerId, 'N/A')).json().masterProp.result).toBe('N/A');
    expect(await copyResults()).toEqual(['N/A', 'N/A', 'N/A']);
    expect(await leaderboards()).toEqual([
      [
        [0, 0],
        [0, 0],
      ],
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      [[0, 0]],
    ]);
  });

  it('clears it everywhere with an empty string, and members may pick again', async () => {
    const seen = (await resultEvents()).length;
    const response = await setResult(winnerId, '');
    expect(response.json()).toMatchObject({ updatedCopies: 3, masterProp: { result: null } });
    expect(await copyResults()).toEqual([null, null, null]);
    const events = (await resultEvents()).slice(seen);
    expect(events.map((event) => [event.eventType, event.eventData])).toEqual(
      pools.map(() => [
        'result_removed',
        {
          previousResult: 'N/A',
          previousResultLabel: 'N/A',
          title: 'Bills at Jets',
          byPickem: true,
        },
      ]),
    );
    const [pool] = pools;
    const member = pool?.members[0];
    const again = await member?.user.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: pool?.copyId, selectedOption: 'Jets' },
    });
    expect(again?.statusCode).toBe(200);
  });

  it('accepts null to clear as well', async () => {
    await setResult(winnerId, 'Bills');
    expect((await setResult(winnerId, null)).json().masterProp.result).toBeNull();
  });

  it.each([
    [{ result: 'Dolphins' }, 400, "Choose one of the prop's options, or N/A to void it"],
    [{ result: 7 }, 400, "Choose one of the prop's options, or N/A to void it"],
    [{}, 400, "Choose one of the prop's options, or N/A to void it"],
  ])('refuses %j and changes nothing', async (payload, status, message) => {
    const before = await masterPropsSnapshot(db);
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/master-props/${winnerId}`,
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await masterPropsSnapshot(db)).toEqual(before);
  });

  it.each([
    ['999999', 404],
    ['abc', 400],
    ['0', 400],
  ])('answers master prop %s with %i', async (id, status) => {
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/master-props/${id}`,
      payload: { result: 'Bills' },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe('Master prop not found');
  });
});

describe("a leader and an imported prop's result", () => {
  it('refuses the leader setting or clearing it', async () => {
    const [pool] = pools;
    if (!pool) throw new Error('no pool');
    const before = await masterPropsSnapshot(db);
    for (const result of ['Bills', null]) {
      const response = await pool.leader.request({
        method: 'PUT',
        url: `/api/predictions/${pool.copyId}`,
        payload: { result },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain("operator's master prop");
    }
    expect(await masterPropsSnapshot(db)).toEqual(before);
  });
});

describe('results and changes from the sheet', () => {
  it('flow to every group when the sheet carries a result', async () => {
    const seen = (await resultEvents()).length;
    sheets.serve('/nfl.csv', sheetCsv([{ ...LINES[0]!, result: 'Bills' }, LINES[1]!]));
    expect((await sync()).json()).toMatchObject({ updated: 1, unchanged: 1 });
    expect(await copyResults()).toEqual(['Bills', 'Bills', 'Bills']);
    const events = (await resultEvents()).slice(seen);
    expect(events.map((event) => [event.groupId, event.eventType])).toEqual(
      pools.map((pool) => [pool.groupId, 'result_set']),
    );
    expect(await leaderboards()).toEqual([
      [
        [0, 1], // changed to Jets after the clear above
        [0, 1],
      ],
      [
        [1, 0],
        [1, 0],
        [0, 1],
      ],
      [[0, 1]],
    ]);
  });

  it('carry a changed game time and options to the copies, resetting the picks on them', async () => {
    const later = daysFromNow(3);
    sheets.serve(
      '/nfl.csv',
      sheetCsv([
        { ...LINES[0]!, result: 'Bills', options: 'Bills|Jets' },
        { ...LINES[1]!, gameDate: later, options: 'Over|Push' },
      ]),
    );
    const [pool] = pools;
    if (!pool) throw new Error('no pool');
    const [totalCopy] = await db
      .select()
      .from(props)
      .where(and(eq(props.groupId, pool.groupId), eq(props.title, 'Total points')));
    if (!totalCopy) throw new Error('no copy');
    const [over, under] = pool.members;
    for (const [member, choice] of [
      [over, 'Over'],
      [under, 'Under'],
    ] as const) {
      await member?.user.request({
        method: 'POST',
        url: '/api/user-predictions',
        payload: { predictionId: totalCopy.id, selectedOption: choice },
      });
    }
    // Over|Under became Over|Push: a different bet, so both picks go (decision 0020).
    expect((await sync()).json()).toMatchObject({ updated: 1, picksReset: 2 });
    const [copy] = await db.select().from(props).where(eq(props.id, totalCopy.id));
    expect(copy?.gameDate?.toISOString()).toBe(later.toISOString());
    expect(copy?.options.map((option) => option.value)).toEqual(['Over', 'Push']);
    expect(await db.select().from(picks).where(eq(picks.propId, totalCopy.id))).toEqual([]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  });

  it('reset the picks on a copy whose line moved, tell each member on the card and the feed', async () => {
    // The line lives in the description: over/under 250.5, then 280.5.
    const line = (value: string): SheetLine => ({
      key: 'yards',
      title: 'Allen passing yards',
      description: `Josh Allen passing yards over/under ${value}`,
      options: 'Over|Under',
      gameDate: GAME,
    });
    const kept = [
      { ...LINES[0]!, result: 'Bills' },
      { ...LINES[1]!, options: 'Over|Push' },
    ];
    sheets.serve('/nfl.csv', sheetCsv([...kept, line('250.5')]));
    expect((await sync()).json()).toMatchObject({ added: 1, picksReset: 0 });
    const yardsCopies = new Map<number, number>();
    for (const pool of pools) {
      const imported = await pool.leader.request({
        method: 'POST',
        url: '/api/import-props',
        payload: {
          groupId: pool.groupId,
          sport: 'NFL',
          dateFrom: daysFromNow(0).toISOString(),
          dateTo: daysFromNow(7).toISOString(),
          importAll: true,
        },
      });
      expect(imported.statusCode).toBe(200);
      const [copy] = await db
        .select()
        .from(props)
        .where(and(eq(props.groupId, pool.groupId), eq(props.title, 'Allen passing yards')));
      if (!copy) throw new Error('no copy');
      yardsCopies.set(pool.groupId, copy.id);
    }
    // Office: both members pick; Family: one of three; Friends: nobody.
    const pickers = [pools[0]!.members[0]!, pools[0]!.members[1]!, pools[1]!.members[0]!];
    const pickerPools = [pools[0]!, pools[0]!, pools[1]!];
    for (const [index, member] of pickers.entries()) {
      const response = await member.user.request({
        method: 'POST',
        url: '/api/user-predictions',
        payload: {
          predictionId: yardsCopies.get(pickerPools[index]!.groupId),
          selectedOption: index === 1 ? 'Under' : 'Over',
        },
      });
      expect(response.statusCode).toBe(201);
    }
    const seen = (await resultEvents()).length;

    sheets.serve('/nfl.csv', sheetCsv([...kept, line('280.5')]));
    const synced = await sync();
    expect(synced.json()).toMatchObject({
      message:
        'Synced 3 NFL props to match the spreadsheet; 3 picks were reset because a line changed',
      updated: 1,
      unchanged: 2,
      picksReset: 3,
    });
    expect(
      await db
        .select()
        .from(picks)
        .where(inArray(picks.propId, [...yardsCopies.values()])),
    ).toEqual([]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));

    // Every group that holds the copy is told, with the line before and after.
    const events = (await resultEvents()).slice(seen);
    expect(events.map((event) => [event.groupId, event.eventType, event.eventData])).toEqual(
      pools.map((pool, index) => [
        pool.groupId,
        'line_changed',
        {
          title: 'Allen passing yards',
          previousOptions: ['Over', 'Under'],
          options: ['Over', 'Under'],
          previousDescription: 'Josh Allen passing yards over/under 250.5',
          description: 'Josh Allen passing yards over/under 280.5',
          picksReset: [2, 1, 0][index],
        },
      ]),
    );
    const feed = await pools[0]!.members[0]!.user.request({
      method: 'GET',
      url: `/api/activity-events/${pools[0]!.groupId}?limit=1`,
    });
    expect(feed.json()).toMatchObject([{ eventType: 'line_changed', actorName: 'Operator' }]);

    // The card: a member whose pick was reset is told so until they pick again.
    const yardsFor = async (pool: Pool, user: TestUser) => {
      const response = await user.request({
        method: 'GET',
        url: `/api/predictions/group/${pool.groupId}`,
      });
      expect(response.statusCode).toBe(200);
      return response
        .json<{ id: number; myPick: unknown; pickReset: unknown }[]>()
        .find((prop) => prop.id === yardsCopies.get(pool.groupId));
    };
    const office = pools[0]!;
    const underPicker = office.members[1]!.user;
    expect(await yardsFor(office, underPicker)).toMatchObject({
      myPick: null,
      pickReset: { previousOption: 'Under', at: expect.any(String) },
    });
    expect(await yardsFor(pools[1]!, pools[1]!.members[1]!.user)).toMatchObject({
      pickReset: null,
    });
    const again = await underPicker.request({
      method: 'POST',
      url: '/api/user-predictions',
      payload: { predictionId: yardsCopies.get(office.groupId), selectedOption: 'Over' },
    });
    expect(again.statusCode).toBe(201);
    expect(await yardsFor(office, underPicker)).toMatchObject({
      myPick: { selectedOption: 'Over' },
      pickReset: null,
    });

    // A sync that changes nothing resets nothing and says nothing.
    const quiet = await sync();
    expect(quiet.json()).toMatchObject({ updated: 0, picksReset: 0 });
    expect(await resultEvents()).toHaveLength(seen + pools.length);

    // The result lands: a member whose pick was taken away and who did not pick again
    // takes no loss for it (decision 0020); the one who picked again is scored.
    const recordsOf = async () => {
      const board = await office.leader.request({
        method: 'GET',
        url: `/api/leaderboard/${office.groupId}`,
      });
      const rows = board.json<Standing[]>();
      return office.members.map(({ user }) => {
        const row = rows.find((candidate) => candidate.user.id === user.id);
        return [row?.wins ?? 0, row?.losses ?? 0];
      });
    };
    const [[wonBefore, lostBefore], [wonBefore2, lostBefore2]] = (await recordsOf()) as [
      number[],
      number[],
    ];
    sheets.serve('/nfl.csv', sheetCsv([...kept, { ...line('280.5'), result: 'Over' }]));
    expect((await sync()).statusCode).toBe(200);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
    expect(await recordsOf()).toEqual([
      [wonBefore, lostBefore],
      [(wonBefore2 ?? 0) + 1, lostBefore2],
    ]);

    // The row leaves the sheet; the copies stay with their groups.
    sheets.serve('/nfl.csv', sheetCsv(kept));
    expect((await sync()).json()).toMatchObject({ removed: 1 });
  });

  it("leave the groups' copies as their own when the sheet drops the row", async () => {
    sheets.serve('/nfl.csv', sheetCsv([LINES[1]!]));
    expect((await sync()).json()).toMatchObject({ removed: 1, count: 1 });
    const copies = await db.select().from(props).where(eq(props.title, 'Bills at Jets'));
    expect(copies).toHaveLength(3);
    expect(copies.every((copy) => !copy.isImported && copy.masterPropId === null)).toBe(true);
    expect(copies.map((copy) => copy.result)).toEqual(['Bills', 'Bills', 'Bills']);
    expect(await db.select().from(masterProps).where(eq(masterProps.id, winnerId))).toEqual([]);

    // Their leader now settles it; the group's picks are still there. (Removing the result
    // would reopen a prop whose picks everyone has seen, which decision 0087 refuses.)
    const [pool] = pools;
    const response = await pool?.leader.request({
      method: 'PUT',
      url: `/api/predictions/${pool.copyId}`,
      payload: { result: 'Jets' },
    });
    expect(response?.statusCode).toBe(200);
    expect(response?.json()).toMatchObject({ result: 'Jets' });
  });
});
