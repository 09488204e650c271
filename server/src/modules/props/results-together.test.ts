import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVALID_RESULT } from '@shared/contract/props';
import { hoursFromNow, seedGroup, seedPick, seedProp } from '../../test/group-fixtures';
import { onceAnswered, statementsDuring } from '../../test/statement-counter';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { computeStandings, storedStandings } from '../standings/expected-standings';
import { eventsOf, propRow } from './props-test-kit';

/**
 * Leaders' results that arrive together share one statement (decision 0035), or, when what
 * they were decided on has moved, one transaction under the locks (decision 0033): each is
 * still decided, refused and answered on its own.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });
const fans = await Promise.all(
  ['Ann', 'Bob', 'Cat', 'Dan'].map((displayName) => registerUser(app, { displayName })),
);

const setResult = (user: TestUser, propId: number, result: string | null) =>
  user.request({ method: 'PUT', url: `/api/predictions/${propId}`, payload: { result } });

/** A group led by a new leader, the fans in it, one started prop every fan has picked. */
async function decidedPool(picks: string[] = ['A', 'B', 'B', 'B']) {
  const leader = await registerUser(app);
  const group = await seedGroup(db, { leaderId: leader.id, memberIds: fans.map((fan) => fan.id) });
  const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-1) });
  await Promise.all(
    fans.map((fan, index) =>
      seedPick(db, { userId: fan.id, prop, selectedOption: picks[index] ?? 'A' }),
    ),
  );
  return { leader, group, prop };
}

const begins = (statements: string[]) =>
  statements.filter((text) => text.toLowerCase() === 'begin').length;
/** Statements that write results: shared ones without a transaction, or inside one. */
const resultWrites = (statements: string[]) =>
  statements.filter((text) => /update (props|"props") (p )?set ("result"|result)/i.test(text))
    .length;

/** Resolves once `count` of this database's statements wait for a lock. */
async function waitersOn(count: number) {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if ((rows[0]?.n ?? 0) >= count) return;
    await sleep(10);
  }
  throw new Error(`fewer than ${count} statements ever waited for a lock`);
}

describe('results sent at the same moment', () => {
  it('are each answered with their own prop, activity and standings, in fewer statements than results', async () => {
    const pools = await Promise.all(Array.from({ length: 8 }, () => decidedPool()));
    let answers: Awaited<ReturnType<typeof setResult>>[] = [];
    const statements = await statementsDuring(async () => {
      answers = await Promise.all(
        pools.map(({ leader, prop }, index) => setResult(leader, prop.id, index % 2 ? 'A' : 'B')),
      );
    });
    answers.forEach((answer, index) => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({
        id: pools[index]?.prop.id,
        result: index % 2 ? 'A' : 'B',
        canSetResult: true,
        pickCount: 4,
        pickSplit: { A: 1, B: 3 },
      });
    });
    expect(begins(statements)).toBe(0);
    expect(resultWrites(statements)).toBeLessThan(pools.length);
    for (const [index, { group, prop, leader }] of pools.entries()) {
      expect((await propRow(db, prop.id))?.result).toBe(index % 2 ? 'A' : 'B');
      const events = await eventsOf(db, group.id);
      expect(events.map((event) => [event.eventType, event.actorId, event.predictionId])).toEqual([
        ['result_set', leader.id, prop.id],
      ]);
      // Ann alone of four picked A: she beat the crowd when A won.
      const winners = index % 2 ? ['Ann'] : undefined;
      expect(events[0]?.eventData).toMatchObject({ result: index % 2 ? 'A' : 'B' });
      expect(
        (events[0]?.eventData as { contrarianWinners?: string[] } | undefined)?.contrarianWinners,
      ).toEqual(winners);
    }
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  });

  it('answers a refused result with its own words, and lands the others, while two wait for pickers', async () => {
    const held = await Promise.all([decidedPool(), decidedPool()]);
    const landing = await decidedPool();
    const notLeader = await decidedPool();
    const badChoice = await decidedPool();
    // Pickers hold the first two props (as a pick's statement does): their results cannot be
    // written at once and wait under the locks, in the instance's two transactions, while the
    // next three arrive together.
    const holder = await database.db.$client.connect();
    let statements: string[] = [];
    try {
      await holder.query('begin');
      await holder.query('select 1 from props where id = any($1) for share', [
        held.map(({ prop }) => prop.id),
      ]);
      let answers: Awaited<ReturnType<typeof setResult>>[] = [];
      statements = await statementsDuring(async () => {
        const waiting = held.map(({ leader, prop }) => setResult(leader, prop.id, 'A'));
        await waitersOn(2);
        const together = [
          setResult(landing.leader, landing.prop.id, 'B'),
          setResult(fans[0] as TestUser, notLeader.prop.id, 'B'),
          setResult(badChoice.leader, badChoice.prop.id, 'Z'),
        ];
        await holder.query('commit');
        answers = await Promise.all([...waiting, ...together]);
      });
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 403, 400]);
      expect(answers[3]?.json().message).toBe('Only the group leader can set or remove results');
      expect(answers[4]?.json().message).toBe(INVALID_RESULT);
    } finally {
      holder.release();
    }
    // The two that waited; of the three, one landed in a shared statement, two were refused.
    expect(begins(statements)).toBe(2);
    expect((await propRow(db, landing.prop.id))?.result).toBe('B');
    expect((await propRow(db, notLeader.prop.id))?.result).toBe(null);
    expect((await propRow(db, badChoice.prop.id))?.result).toBe(null);
    expect(await eventsOf(db, notLeader.group.id)).toEqual([]);
    expect(await eventsOf(db, badChoice.group.id)).toEqual([]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  });

  it('counts a pick that lands after a result was decided and before it is written', async () => {
    // The result on `waiting` is held in the instance's statement (its group's tally is held)
    // while the one on `open` is decided: Ann alone picked A of four, so A would name her.
    const waiting = await decidedPool();
    const leader = await registerUser(app);
    const group = await seedGroup(db, {
      leaderId: leader.id,
      memberIds: fans.map((fan) => fan.id),
    });
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const dansPick = await Promise.all(
      fans.map((fan, index) =>
        seedPick(db, { userId: fan.id, prop, selectedOption: index === 0 ? 'A' : 'B' }),
      ),
    ).then((seeded) => seeded[3]);
    const holder = await database.db.$client.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from group_tallies where group_id = $1 for update', [
        waiting.group.id,
      ]);
      const first = setResult(waiting.leader, waiting.prop.id, 'A');
      await waitersOn(1);
      const decided = onceAnswered('session-user+result-target');
      const second = setResult(leader, prop.id, 'A');
      await decided;
      // Dan changes his pick to A now: the result on `open` has been decided, not written.
      const changed = await (fans[3] as TestUser).request({
        method: 'PUT',
        url: `/api/user-predictions/${dansPick?.id}`,
        payload: { selectedOption: 'A' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await holder.query('commit');
      expect((await first).statusCode).toBe(200);
      const answer = await second;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ result: 'A', pickCount: 4 });
      expect(answer.json().pickSplit).toEqual({ A: 2, B: 2 });
    } finally {
      holder.release();
    }
    // Two of four picked A: nobody beat the crowd.
    const events = await eventsOf(db, group.id);
    expect(events.filter((event) => event.eventType === 'result_set')).toEqual([
      expect.objectContaining({ eventData: { title: 'Who wins?', result: 'A', resultLabel: 'A' } }),
    ]);
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  });
});
