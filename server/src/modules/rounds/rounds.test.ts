import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RoundInfo } from '@shared/contract/rounds';
import { roundOf } from '@shared/domain/rounds';
import { props, roundWinners, rounds, seasons, users } from '../../db/schema';
import { hoursFromNow, seedEndedSeason, seedGroup, seedProp } from '../../test/group-fixtures';
import { statementsDuring } from '../../test/statement-counter';
import { expectSeasonRefused } from '../../test/competition-fixtures';
import { createTestApp, registerUser, type TestUser } from '../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const DAY_HOURS = 24;

/** Sam leads; Ann plays. The season started three weeks ago. */
async function crew() {
  const sam = await registerUser(app, { displayName: 'Sam' });
  const ann = await registerUser(app, { displayName: 'Ann' });
  const group = await seedGroup(db, {
    leaderId: sam.id,
    memberIds: [ann.id],
    createdAt: hoursFromNow(-21 * DAY_HOURS),
  });
  const [season] = await db.select().from(seasons).where(eq(seasons.groupId, group.id));
  return { sam, ann, group, season: season! };
}

const roundsUrl = (groupId: number, query = '') => `/api/groups/${groupId}/rounds${query}`;
const readRounds = async (user: TestUser, groupId: number, query = '') => {
  const response = await user.request({ method: 'GET', url: roundsUrl(groupId, query) });
  expect(response.statusCode).toBe(200);
  return response.json<RoundInfo[]>();
};

describe('GET /api/groups/:id/rounds', () => {
  it("lists the current season's rounds by week, with their props counted and completeness", async () => {
    const { sam, ann, group, season } = await crew();
    const early = hoursFromNow(-20 * DAY_HOURS);
    const lastWeek = hoursFromNow(-5 * DAY_HOURS);
    const nextWeek = hoursFromNow(8 * DAY_HOURS);
    await seedProp(db, { groupId: group.id, gameDate: early, result: 'A' });
    await seedProp(db, { groupId: group.id, gameDate: early, result: 'N/A' });
    await seedProp(db, { groupId: group.id, gameDate: lastWeek, result: 'A' });
    await seedProp(db, { groupId: group.id, gameDate: lastWeek, result: null });
    await seedProp(db, { groupId: group.id, gameDate: nextWeek });

    const expected = [early, lastWeek, nextWeek].map((instant) =>
      roundOf(season.startedAt, instant),
    );
    for (const viewer of [sam, ann]) {
      const listed = await readRounds(viewer, group.id);
      expect(
        listed.map(({ label, startsAt, endsAt, propCount, complete }) => ({
          label,
          startsAt,
          endsAt,
          propCount,
          complete,
        })),
      ).toEqual([
        { ...weekOf(expected[0]!), propCount: 2, complete: true },
        { ...weekOf(expected[1]!), propCount: 2, complete: false },
        { ...weekOf(expected[2]!), propCount: 1, complete: false },
      ]);
      expect(listed.every((round) => round.winners.length === 0)).toBe(true);
    }
  });

  it('names the winners recorded for a round, a deleted account by name only', async () => {
    const { sam, ann, group } = await crew();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(2) });
    const gone = await registerUser(app, { displayName: 'Zed' });
    // The round is still open, so nothing else records winners for it meanwhile.
    await db.insert(roundWinners).values([
      { roundId: prop.roundId!, userId: gone.id, displayName: 'Zed', points: 3 },
      { roundId: prop.roundId!, userId: ann.id, displayName: 'Ann', points: 3 },
    ]);
    await db.delete(users).where(eq(users.id, gone.id));
    const [round] = await readRounds(sam, group.id);
    expect(round?.id).toBe(prop.roundId);
    expect(round?.winners).toEqual([
      { userId: ann.id, displayName: 'Ann' },
      { userId: null, displayName: 'Zed' },
    ]);
  });

  it('reads an archived season with ?season=, and leaves out a week whose props left', async () => {
    const { sam, group, season } = await crew();
    const moved = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2) });
    const old = await seedEndedSeason(db, group.id);
    const week = roundOf(old.startedAt, old.startedAt);
    const [oldRound] = await db
      .insert(rounds)
      .values({
        seasonId: old.id,
        groupId: group.id,
        index: 1,
        startsAt: week.startsAt,
        endsAt: week.endsAt,
      })
      .returning();
    const emptied = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(8 * 24) });
    await db.update(props).set({ roundId: oldRound!.id }).where(eq(props.id, moved.id));
    await db.delete(props).where(eq(props.id, emptied.id));

    const archived = await readRounds(sam, group.id, `?season=${old.id}`);
    expect(archived.map((round) => [round.id, round.label, round.propCount])).toEqual([
      [oldRound!.id, 'Week 1', 1],
    ]);
    expect(await readRounds(sam, group.id)).toEqual([]);
    expect(await readRounds(sam, group.id, `?season=${season.id}`)).toEqual([]);
  });

  it('refuses another group’s season, a malformed one, and anyone outside the group', async () => {
    const { sam, group } = await crew();
    const other = await crew();
    await expectSeasonRefused(sam, (query) => roundsUrl(group.id, query), other.season.id);
    const outsider = await sam.request({ method: 'GET', url: roundsUrl(other.group.id) });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: 'Group not found' });
    expect((await app.inject({ method: 'GET', url: roundsUrl(group.id) })).statusCode).toBe(401);
  });

  it('answers 304 while nothing moved, and the new list once a result lands', async () => {
    const { ann, group } = await crew();
    const prop = await seedProp(db, { groupId: group.id, gameDate: hoursFromNow(-2) });
    const first = await ann.request({ method: 'GET', url: roundsUrl(group.id) });
    const tag = first.headers.etag;
    expect(tag).toBeTruthy();
    const again = await ann.request({
      method: 'GET',
      url: roundsUrl(group.id),
      headers: { 'if-none-match': String(tag) },
    });
    expect(again.statusCode).toBe(304);
    await db.update(props).set({ result: 'A' }).where(eq(props.id, prop.id));
    const after = await readRounds(ann, group.id);
    expect(after[0]?.complete).toBe(true);
  });

  it('uses one statement however many rounds, props and winners', async () => {
    const countFor = async (weeks: number) => {
      const { sam, group } = await crew();
      for (let week = 0; week < weeks; week += 1) {
        const prop = await seedProp(db, {
          groupId: group.id,
          gameDate: hoursFromNow((week * 7 - 20) * DAY_HOURS),
        });
        await db
          .insert(roundWinners)
          .values({ roundId: prop.roundId!, userId: sam.id, displayName: 'Sam', points: 1 });
      }
      const statements = await statementsDuring(() => readRounds(sam, group.id));
      return statements.length;
    };
    expect(await countFor(4)).toBe(await countFor(1));
  });
});

function weekOf(round: { label: string; startsAt: Date; endsAt: Date }) {
  return {
    label: round.label,
    startsAt: round.startsAt.toISOString(),
    endsAt: round.endsAt.toISOString(),
  };
}
