import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PROP_ARCHIVED, type Season } from '@shared/contract/seasons';
import { EMPTY_SEASON, newSeasonRefusal, propsBlockingNewSeason } from '@shared/domain/seasons';
import { winnersOf } from '@shared/domain/tiebreaker';
import type { Db, Tx } from '../../db/client';
import {
  groupTallies,
  props,
  roundSettlements,
  rounds,
  seasonStandings,
  seasons,
  standings,
} from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { seasonBoardOf } from '../standings/boards.service';
import { settleRound } from './round-winners.service';

/** The props of the group's current season (product rules §10 'Seasons'), with what locks them. */
export async function currentSeasonProps(db: Db | Tx, groupId: number) {
  return db
    .select({ id: props.id, title: props.title, result: props.result, gameDate: props.gameDate })
    .from(props)
    .innerJoin(rounds, eq(rounds.id, props.roundId))
    .innerJoin(seasons, and(eq(seasons.id, rounds.seasonId), isNull(seasons.endedAt)))
    .where(eq(props.groupId, groupId));
}

/** A condition on props: not of an archived season (product rules §10 'Seasons'). */
export const notArchived = sql`not round_archived(${props.roundId})`;

/**
 * 409 for the group's leader changing a prop of an archived season, whose result and board
 * are final. Anyone else is left to the change's own refusal, which tells them less.
 */
export async function refuseArchivedProp(db: Db, propId: number, userId: number): Promise<void> {
  const { rows } = await db.execute<{ archived: boolean }>(
    sql`select round_archived(p.round_id) as archived
      from props p join groups g on g.id = p.group_id
      where p.id = ${propId} and g.leader_id = ${userId}`,
  );
  if (rows[0]?.archived) throw conflict(PROP_ARCHIVED);
}

type SeasonRow = typeof seasons.$inferSelect;

const seasonView = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  champions: row.champions,
});

/** The group's seasons, oldest first. */
export async function seasonsOf(db: Db, groupId: number): Promise<Season[]> {
  const rows = await db
    .select()
    .from(seasons)
    .where(eq(seasons.groupId, groupId))
    .orderBy(asc(seasons.startedAt), asc(seasons.id));
  return rows.map(seasonView);
}

/**
 * Product rules §10 'Seasons': archives the current season (its final board, champions and
 * end) and starts the next with the same members, settings and invite code. Refused while
 * the season has no props, or a prop of it has no result. Under the group's event head, the lock every write
 * to the group takes first, so no result, prop or member moves meanwhile.
 */
export async function startNextSeason(db: Db, groupId: number, name: string): Promise<Season> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select group_event_head_lock(${groupId})`);
    const [current] = await tx
      .select()
      .from(seasons)
      .where(and(eq(seasons.groupId, groupId), isNull(seasons.endedAt)))
      .for('update');
    if (!current) throw notFound('Group not found');
    const seasonProps = await currentSeasonProps(tx, groupId);
    if (seasonProps.length === 0) throw conflict(EMPTY_SEASON);
    const open = propsBlockingNewSeason(seasonProps);
    if (open.length > 0) {
      throw conflict(newSeasonRefusal(open.map((prop) => prop.title)));
    }

    const roundIds = (
      await tx.select({ id: rounds.id }).from(rounds).where(eq(rounds.seasonId, current.id))
    ).map((round) => round.id);
    // The winners as they stand now are final, tiebreaker figure or not.
    for (const roundId of roundIds) await settleRound(tx, roundId, { final: true });
    if (roundIds.length > 0) {
      await tx.delete(roundSettlements).where(inArray(roundSettlements.roundId, roundIds));
    }

    // The board as the members saw it last, every round now complete.
    const board = await seasonBoardOf(tx, groupId);
    if (board.length > 0) {
      await tx.insert(seasonStandings).values(
        board.map((entry) => ({
          seasonId: current.id,
          userId: entry.user.id,
          displayName: entry.user.displayName,
          rank: entry.position,
          points: entry.points ?? 0,
          pointsBeforeDrop: entry.pointsBeforeDrop ?? entry.points ?? 0,
          wins: entry.wins,
          losses: entry.losses,
          roundWins: entry.roundWins ?? 0,
        })),
      );
    }
    const champions = winnersOf(board).map(({ user }) => ({
      userId: user.id,
      displayName: user.displayName,
    }));
    await tx
      .update(seasons)
      .set({ endedAt: sql`now()`, champions })
      .where(eq(seasons.id, current.id));
    const [next] = await tx.insert(seasons).values({ groupId, name }).returning();
    // Every prop left counting is archived and can never change: the records start again
    // from zero rather than each trigger leaving the old season's props out.
    // The tally before the standing rows, as every write to the group (lock-order.sql).
    await tx
      .update(groupTallies)
      .set({ validProps: 0, decidedProps: 0 })
      .where(eq(groupTallies.groupId, groupId));
    await tx
      .update(standings)
      .set({ wins: 0, losses: 0, pending: 0, picksMade: 0, points: 0 })
      .where(eq(standings.groupId, groupId));
    await tx.execute(sql`select group_event_emit(${groupId}, 'standings', '{}'::jsonb)`);
    return seasonView(next!);
  });
}
