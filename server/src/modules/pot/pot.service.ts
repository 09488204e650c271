import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { POT_NEEDS_PAYMENT_TRACKING, type Pot, type UpdatePotInput } from '@shared/contract/pot';
import { roundLabel } from '@shared/domain/rounds';
import { placeAmounts, potSummaryOf, splitEvenly } from '@shared/domain/pot';
import type { Db } from '../../db/client';
import { groupMembers, groups, roundWinners, rounds, seasons } from '../../db/schema';
import { conflict } from '../../http/errors';
import { seasonBoardOf } from '../standings/boards.service';

type PotSettings = Pick<
  typeof groups.$inferSelect,
  'id' | 'trackPaymentStatus' | 'entryCents' | 'weeklyPrizeCents' | 'payoutSplit'
>;

/** A completed round and its winners as recorded (a deleted account's id is null). */
interface WonRound {
  roundId: number;
  index: number;
  winners: { userId: number | null; displayName: string }[];
}

/** The current season's completed rounds with their recorded winners, first round first. */
async function wonRoundsOf(db: Db, groupId: number): Promise<WonRound[]> {
  const rows = await db
    .select({
      roundId: rounds.id,
      index: rounds.index,
      userId: roundWinners.userId,
      displayName: roundWinners.displayName,
    })
    .from(rounds)
    .innerJoin(seasons, and(eq(seasons.id, rounds.seasonId), isNull(seasons.endedAt)))
    .innerJoin(roundWinners, eq(roundWinners.roundId, rounds.id))
    .where(and(eq(rounds.groupId, groupId), isNotNull(rounds.completedAt)))
    .orderBy(asc(rounds.index), asc(roundWinners.displayName), asc(roundWinners.userId));
  const byRound = new Map<number, WonRound>();
  for (const { roundId, index, userId, displayName } of rows) {
    const round = byRound.get(roundId) ?? { roundId, index, winners: [] };
    round.winners.push({ userId, displayName });
    byRound.set(roundId, round);
  }
  return [...byRound.values()];
}

async function paidMembersOf(db: Db, group: PotSettings): Promise<number> {
  if (!group.trackPaymentStatus) return 0;
  const [row] = await db
    .select({ paid: count() })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, group.id),
        eq(groupMembers.isPaid, true),
        eq(groupMembers.isContestant, true),
      ),
    );
  return row?.paid ?? 0;
}

/** The pot as the season board stands now (product rules §10 'Pot'). */
export async function potOf(db: Db, group: PotSettings): Promise<Pot> {
  const paidMembers = await paidMembersOf(db, group);
  const board = await seasonBoardOf(db, group.id);
  const wonRounds = await wonRoundsOf(db, group.id);
  const summary = potSummaryOf({
    entryCents: group.entryCents,
    paidMembers,
    weeklyPrizeCents: group.weeklyPrizeCents,
    // The prizes' total depends only on how many won each round.
    roundWinners: wonRounds.map((round) => round.winners.map((_, index) => index)),
    split: group.payoutSplit,
    ranked: board,
  });
  const amounts = placeAmounts(summary.seasonPoolCents, group.payoutSplit);
  return {
    trackPaymentStatus: group.trackPaymentStatus,
    entryCents: group.entryCents,
    weeklyPrizeCents: group.weeklyPrizeCents,
    payoutSplit: group.payoutSplit,
    paidMembers,
    potCents: summary.potCents,
    weeklyPrizesCents: summary.weeklyPrizesCents,
    seasonPoolCents: summary.seasonPoolCents,
    places: group.payoutSplit.map((sharePercent, index) => ({
      place: index + 1,
      sharePercent,
      amountCents: amounts[index] ?? 0,
    })),
    weeklyPrizes: wonRounds.map((round) => {
      const shares = splitEvenly(group.weeklyPrizeCents, round.winners.length);
      return {
        roundId: round.roundId,
        label: roundLabel(round.index),
        winners: round.winners.map((winner, index) => ({ ...winner, cents: shares[index] ?? 0 })),
      };
    }),
    // The current season's board holds members, never a deleted account (id null).
    payouts: summary.payouts.flatMap(({ user: { id, displayName }, position, payoutCents }) =>
      payoutCents > 0 && id !== null ? [{ user: { id, displayName }, position, payoutCents }] : [],
    ),
  };
}

/** The leader's change to the pot settings; refused while the group does not track payment. */
export async function updatePotSettings(
  db: Db,
  group: PotSettings,
  input: UpdatePotInput,
): Promise<PotSettings> {
  if (!group.trackPaymentStatus) throw conflict(POT_NEEDS_PAYMENT_TRACKING);
  if (Object.keys(input).length === 0) return group;
  const [updated] = await db
    .update(groups)
    .set(input)
    // Tracking turned off since the guard read the group refuses the change as well.
    .where(and(eq(groups.id, group.id), eq(groups.trackPaymentStatus, true)))
    .returning({
      id: groups.id,
      trackPaymentStatus: groups.trackPaymentStatus,
      entryCents: groups.entryCents,
      weeklyPrizeCents: groups.weeklyPrizeCents,
      payoutSplit: groups.payoutSplit,
    });
  if (!updated) throw conflict(POT_NEEDS_PAYMENT_TRACKING);
  return updated;
}
