import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups } from '../../db/schema';
import { joinGroupByCode } from '../groups/groups.service';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';
import { createOpenProp, createPool } from './standings-test-kit';
import { computeStandings, storedStandings } from './expected-standings';

/**
 * Writes to one group at the same moment wait for each other; they never deadlock
 * (PostgreSQL would cancel one of them, and its member would get a server error). Every
 * write path takes a group's locks in one order (db/derived/lock-order.sql): the member's user row,
 * then the group's event head, then its tally, then standing rows. Each case below paired
 * two paths that once took them in opposite orders; a round sends the pair at once, and
 * over its rounds each case met the deadlock on most runs before the fix (the second on
 * every run).
 */
const { app, database } = await createTestApp();
const db = database.db;
await registerUser(app, { displayName: 'Operator' });
const leader = await registerUser(app, { displayName: 'Lea' });
const members = await Promise.all(
  ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'].map((displayName) =>
    registerUser(app, { displayName }),
  ),
);
const ROUNDS = 40;

const deleteProp = (propId: number) =>
  leader.request({ method: 'DELETE', url: `/api/predictions/${propId}` });
const rename = (member: TestUser, displayName: string) =>
  member.request({ method: 'PUT', url: `/api/users/${member.id}`, payload: { displayName } });

/** Each write's outcome: a status code, or the error a direct service call threw. */
async function outcome(write: Promise<unknown>): Promise<string> {
  try {
    const result = await write;
    const status = (result as { statusCode?: number } | undefined)?.statusCode;
    return status === undefined ? 'ok' : String(status);
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return `threw: ${cause?.message ?? (error as Error).message}`;
  }
}

describe('writes to one group at the same moment', () => {
  it('a join and a prop deleted: both succeed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const group = await createPool(leader);
      const propId = await createOpenProp(leader, group.id);
      const joiner = members[round % members.length] as TestUser;
      const outcomes = await Promise.all([
        outcome(joinGroupByCode(db, joiner.id, group.code)),
        outcome(deleteProp(propId)),
      ]);
      expect(outcomes).toEqual(['ok', '204']);
    }
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  }, 120_000);

  it('a join and a rename of the same member, who has acted in the group before: both succeed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const group = await createPool(leader);
      await db.update(groups).set({ allowMemberProps: true }).where(eq(groups.id, group.id));
      const member = members[round % members.length] as TestUser;
      // A prop of the member's own puts their name in the group's activity, so a rename
      // adds an event to this group even once they have left it.
      await joinGroupByCode(db, member.id, group.code);
      await createOpenProp(member, group.id);
      const left = await member.request({
        method: 'POST',
        url: '/api/groups/leave',
        payload: { groupId: group.id },
      });
      expect(left.statusCode).toBeLessThan(300);
      const outcomes = await Promise.all([
        outcome(joinGroupByCode(db, member.id, group.code)),
        outcome(rename(member, `Renamed ${round}`)),
      ]);
      expect(outcomes).toEqual(['ok', '200']);
    }
    expect(await storedStandings(db)).toEqual(await computeStandings(db));
  }, 120_000);
});
