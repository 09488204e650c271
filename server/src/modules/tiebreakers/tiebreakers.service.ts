import { and, eq, sql } from 'drizzle-orm';
import { ROUND_NOT_FOUND } from '@shared/contract/exports';
import {
  GAME_NOT_FOUND,
  NO_TIEBREAKER,
  ROUND_ARCHIVED,
  TIEBREAKER_EXISTS,
  TIEBREAKER_LOCKED,
  TIEBREAKER_LOCKS_IN_PAST,
  TIEBREAKER_NOT_LOCKED,
  type Tiebreaker,
} from '@shared/contract/tiebreakers';
import { tiebreakerDistance, type TiebreakerAnswer } from '@shared/domain/tiebreaker';
import type { Db, Tx } from '../../db/client';
import {
  games,
  roundTiebreakers,
  rounds,
  seasons,
  tiebreakerAnswers,
  users,
} from '../../db/schema';
import { conflict, forbidden, invalidInput, notFound } from '../../http/errors';

type Executor = Db | Tx;
type TiebreakerRow = typeof roundTiebreakers.$inferSelect;

const isLocked = (row: TiebreakerRow, now: Date) => now.getTime() >= row.locksAt.getTime();

async function tiebreakerRowOf(db: Executor, groupId: number, roundId: number) {
  const [row] = await db
    .select()
    .from(roundTiebreakers)
    .where(and(eq(roundTiebreakers.roundId, roundId), eq(roundTiebreakers.groupId, groupId)));
  return row;
}

async function requireRound(db: Executor, groupId: number, roundId: number): Promise<void> {
  const [round] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.id, roundId), eq(rounds.groupId, groupId)));
  if (!round) throw notFound(ROUND_NOT_FOUND);
}

/** The round's tiebreaker; 404 when the round is not the group's or has none. */
async function existingTiebreaker(db: Executor, groupId: number, roundId: number) {
  const row = await tiebreakerRowOf(db, groupId, roundId);
  if (row) return row;
  await requireRound(db, groupId, roundId);
  throw notFound(NO_TIEBREAKER);
}

/**
 * A round's tiebreaker as a member sees it: their own answer always, everyone's only once
 * it has locked (like picks, product rules §4 'Reveal').
 */
async function viewOf(
  db: Executor,
  row: TiebreakerRow,
  viewerId: number,
  now: Date,
): Promise<Tiebreaker> {
  const locked = isLocked(row, now);
  const answers = await db
    .select({
      userId: tiebreakerAnswers.userId,
      displayName: users.displayName,
      value: tiebreakerAnswers.value,
      answeredAt: tiebreakerAnswers.answeredAt,
    })
    .from(tiebreakerAnswers)
    .innerJoin(users, eq(users.id, tiebreakerAnswers.userId))
    .where(eq(tiebreakerAnswers.roundId, row.roundId));
  const mine = answers.find((answer) => answer.userId === viewerId);
  const distanceOf = (value: number) =>
    row.actual === null ? null : tiebreakerDistance(value, row.actual);
  const shown = locked
    ? answers
        .map((answer) => ({
          user: { id: answer.userId, displayName: answer.displayName },
          value: answer.value,
          answeredAt: answer.answeredAt.toISOString(),
          distance: distanceOf(answer.value),
        }))
        .sort(
          (a, b) =>
            (a.distance ?? a.value) - (b.distance ?? b.value) ||
            a.answeredAt.localeCompare(b.answeredAt),
        )
    : [];
  return {
    roundId: row.roundId,
    question: row.question,
    locksAt: row.locksAt.toISOString(),
    locked,
    gameId: row.gameId,
    actual: row.actual,
    myAnswer: mine ? { value: mine.value, answeredAt: mine.answeredAt.toISOString() } : null,
    answerCount: answers.length,
    answers: shown,
  };
}

export async function tiebreakerOf(
  db: Db,
  groupId: number,
  roundId: number,
  viewerId: number,
  now = new Date(),
): Promise<Tiebreaker | null> {
  const row = await tiebreakerRowOf(db, groupId, roundId);
  if (row) return viewOf(db, row, viewerId, now);
  await requireRound(db, groupId, roundId);
  return null;
}

/** Open pages read the board again, and answers kept by the group's version are renewed. */
const announce = (tx: Tx, groupId: number) =>
  tx.execute(sql`select group_event_emit(${groupId}, 'standings', '{}'::jsonb)`);

/** The game's total points once it is final, else null. */
function finalTotalOf(game: typeof games.$inferSelect): number | null {
  if (game.status !== 'final' || game.homeScore === null || game.awayScore === null) return null;
  const total = game.homeScore + game.awayScore;
  return total >= 0 && total <= 999 ? total : null;
}

export async function createTiebreaker(
  db: Db,
  input: {
    groupId: number;
    roundId: number;
    leaderId: number;
    question: string;
    locksAt: Date;
    gameId?: number | null;
  },
  now = new Date(),
): Promise<Tiebreaker> {
  if (input.locksAt.getTime() <= now.getTime()) {
    throw invalidInput([{ field: 'locksAt', message: TIEBREAKER_LOCKS_IN_PAST }]);
  }
  return db.transaction(async (tx) => {
    const [round] = await tx
      .select({ id: rounds.id, endedAt: seasons.endedAt })
      .from(rounds)
      .innerJoin(seasons, eq(seasons.id, rounds.seasonId))
      .where(and(eq(rounds.id, input.roundId), eq(rounds.groupId, input.groupId)));
    if (!round) throw notFound(ROUND_NOT_FOUND);
    if (round.endedAt !== null) throw conflict(ROUND_ARCHIVED);
    let actual: number | null = null;
    if (input.gameId) {
      const [game] = await tx.select().from(games).where(eq(games.id, input.gameId));
      if (!game) throw notFound(GAME_NOT_FOUND);
      actual = finalTotalOf(game);
    }
    const [row] = await tx
      .insert(roundTiebreakers)
      .values({
        roundId: input.roundId,
        groupId: input.groupId,
        question: input.question,
        locksAt: input.locksAt,
        gameId: input.gameId ?? null,
        actual,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(TIEBREAKER_EXISTS);
    await announce(tx, input.groupId);
    return viewOf(tx, row, input.leaderId, now);
  });
}

/** The leader's figure, once answers are sealed; the feed leaves it alone after. */
export async function setTiebreakerResult(
  db: Db,
  input: { groupId: number; roundId: number; leaderId: number; value: number },
  now = new Date(),
): Promise<Tiebreaker> {
  return db.transaction(async (tx) => {
    const row = await existingTiebreaker(tx, input.groupId, input.roundId);
    const { rows } = await tx.execute<{ archived: boolean }>(
      sql`select round_archived(${row.roundId}) as archived`,
    );
    if (rows[0]?.archived) throw conflict(ROUND_ARCHIVED);
    if (!isLocked(row, now)) throw conflict(TIEBREAKER_NOT_LOCKED);
    const [updated] = await tx
      .update(roundTiebreakers)
      .set({ actual: input.value, actualByLeader: true })
      .where(eq(roundTiebreakers.roundId, row.roundId))
      .returning();
    await announce(tx, input.groupId);
    return viewOf(tx, updated ?? row, input.leaderId, now);
  });
}

/**
 * A member's answer, given or changed until the tiebreaker locks: the lock is checked by
 * the write itself, so an answer cannot slip in after it. Changing it makes it a later
 * answer for the earlier-answer rule.
 */
export async function answerTiebreaker(
  db: Db,
  input: {
    groupId: number;
    roundId: number;
    userId: number;
    isContestant: boolean;
    value: number;
  },
  now = new Date(),
): Promise<Tiebreaker> {
  if (!input.isContestant) throw forbidden('Only members playing in the group can answer');
  const row = await existingTiebreaker(db, input.groupId, input.roundId);
  const written = await db
    .insert(tiebreakerAnswers)
    .select(
      db
        .select({
          roundId: roundTiebreakers.roundId,
          groupId: roundTiebreakers.groupId,
          userId: sql<number>`${input.userId}::int`.as('user_id'),
          value: sql<number>`${input.value}::int`.as('value'),
          answeredAt: sql<Date>`${now.toISOString()}::timestamptz`.as('answered_at'),
        })
        .from(roundTiebreakers)
        .where(
          and(
            eq(roundTiebreakers.roundId, row.roundId),
            sql`${roundTiebreakers.locksAt} > ${now.toISOString()}::timestamptz`,
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [tiebreakerAnswers.roundId, tiebreakerAnswers.userId],
      set: { value: sql`excluded.value`, answeredAt: sql`excluded.answered_at` },
    })
    .returning({ roundId: tiebreakerAnswers.roundId });
  if (written.length === 0) throw conflict(TIEBREAKER_LOCKED);
  return viewOf(db, row, input.userId, now);
}

/**
 * What a round's ranking needs (shared/domain/tiebreaker.ts `rankRound`): the actual
 * figure (null while unknown) and each member's answer.
 */
export async function roundTiebreakerOf(
  db: Executor,
  roundId: number,
): Promise<{ actual: number | null; answers: Map<number, TiebreakerAnswer> }> {
  const [row] = await db
    .select({ actual: roundTiebreakers.actual })
    .from(roundTiebreakers)
    .where(eq(roundTiebreakers.roundId, roundId));
  if (!row) return { actual: null, answers: new Map() };
  const answers = await db
    .select({
      userId: tiebreakerAnswers.userId,
      value: tiebreakerAnswers.value,
      answeredAt: tiebreakerAnswers.answeredAt,
    })
    .from(tiebreakerAnswers)
    .where(eq(tiebreakerAnswers.roundId, roundId));
  return {
    actual: row.actual,
    answers: new Map(answers.map(({ userId, ...answer }) => [userId, answer])),
  };
}
