import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { props, standings } from '../../db/schema';
import { hoursFromNow } from '../../test/group-fixtures';
import { joinGroupByCode } from '../groups/groups.service';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { createOpenProp, createPool } from './standings-test-kit';
import { computeStandings, rebuildStandings, storedStandings } from './rebuild-standings';

/**
 * The stored standings, kept by the triggers write after write, always equal what
 * computeStandings (shared/domain's memberRecordOf over picks and results: the oracle, and
 * what `npm run db:rebuild-standings` writes) finds, whatever the sequence of writes
 * through the real API, including writes sent at the same moment.
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });
const people = await Promise.all(
  ['Lea', 'Ann', 'Bob', 'Cat', 'Dan'].map((displayName) => registerUser(app, { displayName })),
);
const [leader, ...others] = people as [TestUser, ...TestUser[]];

const OPTIONS = ['A', 'B', 'C'] as const;
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
async function freshGroup() {
  const { id, code } = await createPool(leader);
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
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (writes) => {
        const group = await freshGroup();
        for (const step of writes) {
          await apply(group, step);
          expect(await storedStandings(db)).toEqual(await computeStandings(db));
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);

  it('are left as they were by a rebuild, which fills them in again from nothing', async () => {
    const group = await freshGroup();
    await apply(group, { kind: 'pick', who: 0, prop: 0, option: 'A' });
    await apply(group, { kind: 'result', prop: 0, result: 'A' });
    const before = await storedStandings(db);
    await db.delete(standings);
    expect((await storedStandings(db)).standings).toEqual([]);
    expect(await rebuildStandings(db)).toEqual(before);
    expect(await storedStandings(db)).toEqual(before);
  });
});
