import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SETTINGS_FIXED_AFTER_FIRST_LOCK } from '@shared/domain/seasons';
import { props, rounds, seasons } from '../../db/schema';
import { hoursFromNow, seedProp } from '../../test/group-fixtures';
import {
  createTestApp,
  groupWithMember as createGroupWithMember,
  registerUser,
} from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const groupWithMember = (settings: Record<string, unknown> = {}) =>
  createGroupWithMember(app, settings);

describe('competition settings of a group', () => {
  it('default to standard scoring with no dropped round, answered by GET /api/groups/{id}', async () => {
    const { member, groupId } = await groupWithMember();
    const details = await member.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(details.json()).toMatchObject({ scoring: 'standard', dropWorstRounds: 0 });
  });

  it('are chosen at creation', async () => {
    const { member, groupId } = await groupWithMember({
      scoring: 'confidence',
      dropWorstRounds: 2,
    });
    const details = await member.request({ method: 'GET', url: `/api/groups/${groupId}` });
    expect(details.json()).toMatchObject({ scoring: 'confidence', dropWorstRounds: 2 });
  });

  it('refuses an unknown mode or an out-of-range count with a 400 naming the field', async () => {
    const leader = await registerUser(app);
    for (const payload of [
      { name: 'Bad', scoring: 'points' },
      { name: 'Bad', dropWorstRounds: 5 },
      { name: 'Bad', dropWorstRounds: 1.5 },
    ]) {
      const response = await leader.request({ method: 'POST', url: '/api/groups', payload });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toEqual([Object.keys(payload)[1]]);
    }
  });

  it('are changed by the leader until the first prop of the season locks, then refused with 409', async () => {
    const { leader, member, groupId } = await groupWithMember();
    await seedProp(db, { groupId, gameDate: hoursFromNow(48) });
    const url = `/api/groups/${groupId}`;

    const byMember = await member.request({ method: 'PUT', url, payload: { scoring: 'lock' } });
    expect(byMember.statusCode).toBe(403);

    const changed = await leader.request({
      method: 'PUT',
      url,
      payload: { scoring: 'lock', dropWorstRounds: 1 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ scoring: 'lock', dropWorstRounds: 1 });

    await seedProp(db, { groupId, gameDate: hoursFromNow(-1) });
    const refused = await leader.request({ method: 'PUT', url, payload: { scoring: 'standard' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SETTINGS_FIXED_AFTER_FIRST_LOCK });
    const dropRefused = await leader.request({
      method: 'PUT',
      url,
      payload: { dropWorstRounds: 0 },
    });
    expect(dropRefused.statusCode).toBe(409);

    // The same values again, or other settings, still save.
    const unchanged = await leader.request({
      method: 'PUT',
      url,
      payload: { scoring: 'lock', name: 'Renamed' },
    });
    expect(unchanged.statusCode).toBe(200);
    const details = await member.request({ method: 'GET', url });
    expect(details.json()).toMatchObject({ name: 'Renamed', scoring: 'lock', dropWorstRounds: 1 });
  });
});

describe("a group's seasons and rounds", () => {
  it("start with the group's first season; a prop lands in the New York week of its game", async () => {
    const { groupId } = await groupWithMember();
    const [season] = await db.select().from(seasons).where(eq(seasons.groupId, groupId));
    expect(season).toMatchObject({ name: 'Season 1', endedAt: null });

    // Tuesday 00:00 New York starts a week: a Monday-night game belongs to the week before.
    const start = new Date(season!.startedAt);
    const monday = await seedProp(db, { groupId, gameDate: new Date('2099-09-07T23:00:00-04:00') });
    const tuesday = await seedProp(db, {
      groupId,
      gameDate: new Date('2099-09-08T00:30:00-04:00'),
    });
    const undated = await seedProp(db, { groupId });
    const roundOf = async (propId: number) => {
      const [row] = await db
        .select({ round: rounds })
        .from(props)
        .innerJoin(rounds, eq(rounds.id, props.roundId))
        .where(eq(props.id, propId));
      return row!.round;
    };
    const mondayRound = await roundOf(monday.id);
    const tuesdayRound = await roundOf(tuesday.id);
    expect(tuesdayRound.index).toBe(mondayRound.index + 1);
    expect(tuesdayRound.startsAt.toISOString()).toBe('2099-09-08T04:00:00.000Z');
    expect(mondayRound.endsAt.toISOString()).toBe('2099-09-08T04:00:00.000Z');
    expect((await roundOf(undated.id)).index).toBe(1);
    expect((await roundOf(undated.id)).startsAt.getTime()).toBeLessThanOrEqual(start.getTime());

    // A new game date moves the prop to its week.
    await db
      .update(props)
      .set({ gameDate: new Date('2099-09-09T20:00:00-04:00') })
      .where(eq(props.id, monday.id));
    expect((await roundOf(monday.id)).id).toBe(tuesdayRound.id);
  });
});
