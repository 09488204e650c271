import { sql } from 'drizzle-orm';
import { roundLabel } from '@shared/domain/rounds';
import { rankRound, roundDecision, roundWinnersOf } from '@shared/domain/tiebreaker';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../activity/activity.service';

/**
 * Product rules §10 'Tiebreaker': a round's winners are recorded once every prop of it is
 * decided or void, and its tiebreaker's figure is known when one is needed to split first
 * place. A result changed or cleared later settles the round again: winners withdrawn
 * while it is open again, recorded anew (with a new activity line) when they differ.
 */

interface EntryRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  points: number;
  answer: number | null;
  answered_at: Date | null;
}

interface RoundRow extends Record<string, unknown> {
  id: number;
  group_id: number;
  index: number;
  completed_at: Date | null;
  ended: boolean;
  props: number;
  undecided: number;
  has_tiebreaker: boolean;
  actual: number | null;
}

async function rowsOf<T extends Record<string, unknown>>(
  tx: Tx | Db,
  query: ReturnType<typeof sql>,
) {
  return (await tx.execute<T>(query)).rows;
}

async function withdraw(tx: Tx, round: RoundRow) {
  if (round.completed_at === null) return;
  await tx.execute(sql`delete from round_winners where round_id = ${round.id}`);
  await tx.execute(sql`update rounds set completed_at = null where id = ${round.id}`);
  // No activity line says it: the event moves the group's version, so no answer kept
  // before (the rounds and their winners) is served again.
  await tx.execute(sql`select group_event_emit(${round.group_id}, 'standings', '{}'::jsonb)`);
}

/** Those the round counts for (product rules §10 'Late joiners'), in the board's order. */
async function entriesOf(tx: Tx, roundId: number) {
  const rows = await rowsOf<EntryRow>(
    tx,
    sql`select rs.user_id, s.display_name, rs.points, a.value as answer, a.answered_at
      from round_standings rs
      join standings s on s.group_id = rs.group_id and s.user_id = rs.user_id
      left join tiebreaker_answers a on a.round_id = rs.round_id and a.user_id = rs.user_id
      where rs.round_id = ${roundId}
        and exists (
          select 1 from props p where p.round_id = rs.round_id
            and not exists (select 1 from standing_exemptions e
              where e.group_id = rs.group_id and e.user_id = rs.user_id and e.prop_id = p.id))
      order by lower(s.display_name), rs.user_id`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    displayName: row.display_name,
    points: Number(row.points),
    tiebreaker:
      row.answer === null || row.answered_at === null
        ? null
        : { value: Number(row.answer), answeredAt: new Date(row.answered_at) },
  }));
}

/**
 * Settles one round inside the caller's transaction, which holds the group's event head (so
 * no result of the group moves meanwhile). Answers whether its recorded winners changed.
 */
export async function settleRound(
  tx: Tx,
  roundId: number,
  /** The season is ending: a tiebreaker still without its figure decides nothing. */
  options: { final?: boolean } = {},
): Promise<boolean> {
  const [round] = await rowsOf<RoundRow>(
    tx,
    sql`select r.id, r.group_id, r.index, r.completed_at, se.ended_at is not null as ended,
        (select count(*)::int from props p where p.round_id = r.id) as props,
        (select count(*)::int from props p where p.round_id = r.id and p.result is null) as undecided,
        t.round_id is not null as has_tiebreaker, t.actual
      from rounds r
      join seasons se on se.id = r.season_id
      left join round_tiebreakers t on t.round_id = r.id
      where r.id = ${roundId}
      for update of r`,
  );
  if (!round || round.ended) return false;
  if (round.props === 0 || round.undecided > 0) {
    await withdraw(tx, round);
    return false;
  }
  const ranked = rankRound(await entriesOf(tx, round.id), round.actual);
  const [first, second] = ranked;
  // Decision 0100: until the figure is known, a tiebreaker that would split first place
  // leaves the round waiting for it rather than naming everyone tied.
  const waiting = round.has_tiebreaker && round.actual === null && !options.final;
  if (waiting && first && second?.points === first.points) {
    await withdraw(tx, round);
    return false;
  }
  const winners = roundWinnersOf(ranked);
  const recorded = await rowsOf<{ user_id: number | null }>(
    tx,
    sql`select user_id from round_winners where round_id = ${round.id} order by user_id`,
  );
  const sameWinners =
    round.completed_at !== null &&
    recorded.map((row) => row.user_id).join(',') ===
      winners
        .map((winner) => winner.userId)
        .sort((a, b) => a - b)
        .join(',');
  if (sameWinners) return false;

  await tx.execute(sql`delete from round_winners where round_id = ${round.id}`);
  if (winners.length > 0) {
    await tx.execute(sql`insert into round_winners (round_id, user_id, display_name, points)
      select ${round.id}, w.user_id, w.display_name, w.points
      from jsonb_to_recordset(${JSON.stringify(
        winners.map((winner) => ({
          user_id: winner.userId,
          display_name: winner.displayName,
          points: winner.points,
        })),
      )}::jsonb) as w(user_id int, display_name text, points int)`);
  }
  await tx.execute(sql`update rounds set completed_at = now() where id = ${round.id}`);
  if (first && winners.length > 0) {
    const decision = roundDecision(ranked, round.actual);
    await recordActivity(tx, [
      {
        groupId: Number(round.group_id),
        actorId: null,
        eventType: 'round_winners',
        eventData: {
          roundId: round.id,
          round: roundLabel(Number(round.index)),
          winners: winners.map((winner) => ({
            userId: winner.userId,
            displayName: winner.displayName,
          })),
          points: first.points,
          ...(decision && { decision: decision.text }),
        },
      },
    ]);
  }
  return true;
}

/**
 * Settles the queued rounds (round_settlements), each in a transaction of its own that
 * takes the group's event head before the queued row, the order every result write takes
 * them in: a round queued again meanwhile is settled again, and another instance working
 * the same queue waits for the head, then finds the round taken. Answers how many it took.
 */
export async function settleQueuedRounds(
  db: Db,
  /** A round that fails stays queued, and the others are settled all the same. */
  onError: (roundId: number, error: unknown) => void,
  limit = 100,
): Promise<number> {
  const queued = await rowsOf<{ round_id: number; group_id: number }>(
    db,
    sql`select q.round_id, r.group_id from round_settlements q join rounds r on r.id = q.round_id
      order by q.requested_at, q.round_id limit ${limit}`,
  );
  let settled = 0;
  for (const { round_id: roundId, group_id: groupId } of queued) {
    try {
      const took = await db.transaction(async (tx) => {
        // Nothing to take when the group has just been deleted (its queue rows went with it).
        await tx.execute(sql`select group_event_head_lock(id) from groups where id = ${groupId}`);
        const taken = await rowsOf(
          tx,
          sql`delete from round_settlements where round_id = ${roundId} returning round_id`,
        );
        if (taken.length === 0) return false;
        await settleRound(tx, roundId);
        return true;
      });
      if (took) settled += 1;
    } catch (error) {
      onError(roundId, error);
    }
  }
  return settled;
}
