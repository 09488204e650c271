import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SCORING_MODES, type ScoringMode } from '@shared/domain/scoring-modes';
import { groups, picks, props, standings } from '../../db/schema';
import { hoursFromNow } from '../../test/group-fixtures';
import { joinGroupByCode } from '../groups/groups.service';
import { currentSeasonProps } from '../seasons/seasons.service';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { createOpenProp, createPool } from './standings-test-kit';
import { computeStandings, storedStandings } from './expected-standings';
import { rebuildStandings } from './standings-rebuild';

/**
 * The scoring rule is stated once in TypeScript (shared/domain's memberRecordOf, which
 * computeStandings applies to picks and results) and once in SQL (the scoring functions of
 * server/src/db/derived/scoring.sql). Whatever the sequence of writes through the real API,
 * including writes sent at the same moment, the rows the triggers keep and the rows
 * `npm run db:rebuild-standings` writes from nothing both equal what the TypeScript finds.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });
const people = await Promise.all(
  ['Lea', 'Ann', 'Bob', 'Cat', 'Dan'].map((displayName) => registerUser(app, { displayName })),
);
const [leader, ...others] = people as [TestUser, ...TestUser[]];

const OPTIONS = ['A', 'B', 'C'] as const;
/** Seasons the runs started: the property covers an archive only if some did. */
let seasonsStarted = 0;
const RESULTS = ['A', 'B', 'C', 'N/A', null] as const;

type Write =
  | { kind: 'pick'; who: number; prop: number; option: (typeof OPTIONS)[number] }
  | { kind: 'result'; prop: number; result: (typeof RESULTS)[number] }
  | { kind: 'deleteProp'; prop: number }
  | { kind: 'createProp' }
  | { kind: 'editOptions'; prop: number }
  | { kind: 'join'; who: number }
  | { kind: 'leave'; who: number }
  | { kind: 'deleteUnlocked' }
  | { kind: 'rename'; who: number; name: string }
  | { kind: 'confidence'; who: number; prop: number; confidence: number }
  | { kind: 'lock'; who: number; prop: number; isLock: boolean }
  | { kind: 'newSeason' }
  | { kind: 'together'; writes: Write[] };

const who = fc.integer({ min: 0, max: others.length - 1 });
const prop = fc.integer({ min: 0, max: 7 });
const single: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pick' as const),
      who,
      prop,
      option: fc.constantFrom(...OPTIONS),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('result' as const),
      prop,
      result: fc.constantFrom(...RESULTS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProp' as const), prop }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createProp' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('editOptions' as const), prop }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('join' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteUnlocked' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('confidence' as const),
      who,
      prop,
      confidence: fc.integer({ min: 1, max: 6 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('lock' as const),
      who,
      prop,
      isLock: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('newSeason' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rename' as const),
      who,
      name: fc.constantFrom('Zed', 'amy', 'Bob'),
    }),
  },
);
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 4, arbitrary: single },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('together' as const),
      writes: fc.array(single, { minLength: 2, maxLength: 4 }),
    }),
  },
);

/** A fresh group led by `leader`, with two members in and a prop whose game has started. */
async function freshGroup(scoring: ScoringMode) {
  const { id, code } = await createPool(leader);
  await db.update(groups).set({ scoring }).where(eq(groups.id, id));
  for (const member of others.slice(0, 2)) await joinGroupByCode(db, member.id, code);
  const propIds: number[] = [];
  for (let i = 0; i < 4; i += 1) propIds.push(await createProp(id));
  // A prop whose game has started: locked for picks, a late joiner is exempt from it.
  const [started] = await db
    .insert(props)
    .values({
      groupId: id,
      sport: 'NFL',
      title: 'Started',
      description: 'Already under way',
      options: OPTIONS.map((value) => ({ value, label: value, odds: '' })),
      gameDate: hoursFromNow(-1),
    })
    .returning({ id: props.id });
  if (started) propIds.push(started.id);
  return { id, code, propIds };
}

const createProp = (groupId: number) => createOpenProp(leader, groupId, [...OPTIONS]);

async function apply(
  group: { id: number; code: string; propIds: number[] },
  step: Write,
): Promise<void> {
  const propId = (index: number) => group.propIds[index % Math.max(group.propIds.length, 1)] ?? 0;
  const member = (index: number) => others[index] as TestUser;
  let response;
  switch (step.kind) {
    case 'together':
      await Promise.all(step.writes.map((inner) => apply(group, inner)));
      return;
    case 'pick':
      response = await member(step.who).request({
        method: 'POST',
        url: '/api/user-predictions',
        payload: { predictionId: propId(step.prop), selectedOption: step.option },
      });
      break;
    case 'result':
      response = await leader.request({
        method: 'PUT',
        url: `/api/predictions/${propId(step.prop)}`,
        payload: { result: step.result },
      });
      break;
    case 'deleteProp':
      response = await leader.request({
        method: 'DELETE',
        url: `/api/predictions/${propId(step.prop)}`,
      });
      break;
    case 'createProp':
      group.propIds.push(await createProp(group.id));
      return;
    case 'editOptions':
      response = await leader.request({
        method: 'PUT',
        url: `/api/predictions/${propId(step.prop)}`,
        payload: {
          sport: 'NFL',
          title: 'Who wins?',
          description: 'Edited: C is gone',
          options: ['A', 'B'],
          gameDate: hoursFromNow(24).toISOString(),
        },
      });
      break;
    case 'join':
      // The join route's own code path (its per-user rate limit would stop a long run).
      // A member joining again is answered with the group and changes nothing.
      await joinGroupByCode(db, member(step.who).id, group.code);
      return;
    case 'leave':
      response = await member(step.who).request({
        method: 'POST',
        url: '/api/groups/leave',
        payload: { groupId: group.id },
      });
      break;
    case 'deleteUnlocked':
      response = await leader.request({
        method: 'DELETE',
        url: `/api/groups/${group.id}/unlocked-props`,
      });
      break;
    case 'confidence':
    case 'lock': {
      const [pick] = await db
        .select({ id: picks.id })
        .from(picks)
        .where(and(eq(picks.userId, member(step.who).id), eq(picks.propId, propId(step.prop))));
      if (!pick) return;
      response = await member(step.who).request({
        method: 'PUT',
        url: `/api/user-predictions/${pick.id}`,
        payload: step.kind === 'lock' ? { isLock: step.isLock } : { confidence: step.confidence },
      });
      break;
    }
    case 'newSeason': {
      // The season's open props are decided first, as a leader ending a season would.
      for (const open of await currentSeasonProps(db, group.id)) {
        if (open.result !== null) continue;
        await leader.request({
          method: 'PUT',
          url: `/api/predictions/${open.id}`,
          payload: { result: 'A' },
        });
      }
      response = await leader.request({
        method: 'POST',
        url: `/api/groups/${group.id}/seasons`,
        payload: { name: 'Next season' },
      });
      if (response.statusCode === 201) seasonsStarted += 1;
      break;
    }
    case 'rename':
      response = await member(step.who).request({
        method: 'PUT',
        url: `/api/users/${member(step.who).id}`,
        payload: { displayName: step.name },
      });
      break;
  }
  // Refusals (a locked prop, not a member, already a member...) are part of the game; a
  // server error never is.
  expect(response.statusCode, response.body).toBeLessThan(500);
}

describe('stored standings', () => {
  it('always equal the standings recomputed from picks and results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SCORING_MODES),
        fc.array(write, { minLength: 1, maxLength: 25 }),
        async (scoring, writes) => {
          const group = await freshGroup(scoring);
          for (const step of writes) {
            await apply(group, step);
            expect(await storedStandings(db)).toEqual(await computeStandings(db));
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('are written again, from nothing, by a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SCORING_MODES),
        fc.array(write, { minLength: 1, maxLength: 25 }),
        async (scoring, writes) => {
          const group = await freshGroup(scoring);
          for (const step of writes) await apply(group, step);
          const expected = await computeStandings(db);
          await db.delete(standings);
          expect((await storedStandings(db)).standings).toEqual([]);
          expect(await rebuildStandings(db)).toEqual(expected);
          expect(await storedStandings(db)).toEqual(expected);
        },
      ),
      { numRuns: 6 },
    );
    expect(seasonsStarted).toBeGreaterThan(0);
  }, 240_000);
});
