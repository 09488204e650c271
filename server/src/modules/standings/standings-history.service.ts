import { sql } from 'drizzle-orm';
import type { StandingsHistory } from '@shared/contract/rounds';
import { seasonTotalOf, type MemberRound } from '@shared/domain/drop-worst';
import { roundLabel } from '@shared/domain/rounds';
import { rankSeason } from '@shared/domain/tiebreaker';
import type { Db } from '../../db/client';
import { distanceOver, exemptionsPerRound, perRound, seasonOf } from './boards.service';

type Executor = Pick<Db, 'execute'>;

/** How many of the latest round's leaders the chart draws, besides the viewer. */
export const HISTORY_LEADERS = 10;

interface HistoryRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  /** By round id: [points, wins, losses]. */
  records: Record<string, [number, number, number]> | null;
  /** By round id: 1 for a round the member won. */
  won: Record<string, number> | null;
  answers: Record<string, number> | null;
  exempt: Record<string, number> | null;
}

/**
 * The season's board after each round begun by `now`, as the leaderboard ranks it
 * (`rankSeason` over the points, round wins, tiebreaker distance and record so far, rounds
 * dropped by `seasonTotalOf`), every member, best first at the latest round. Two
 * statements, one row per member; the same for every viewer (`historyFor` cuts theirs).
 */
export async function seasonHistoryOf(
  db: Executor,
  groupId: number,
  seasonId: number | undefined,
  now = new Date(),
): Promise<StandingsHistory> {
  const season = await seasonOf(db, groupId, seasonId);
  const played = season.rounds.filter((round) => new Date(round.startsAt) <= now);
  const known = played.filter((round) => round.actual !== null);
  const { rows } = await db.execute<HistoryRow>(sql`
    select m.user_id, u.display_name, rs.by_round as records, w.by_round as won,
      a.by_round as answers, x.by_round as exempt
    from group_members m
    join users u on u.id = m.user_id
    ${perRound('round_standings', 'json_build_array(points, wins, losses)', played)} rs
      on rs.user_id = m.user_id
    ${perRound('round_winners', '1', played)} w on w.user_id = m.user_id
    ${perRound('tiebreaker_answers', 'value', known)} a on a.user_id = m.user_id
    ${exemptionsPerRound([groupId], known)} x on x.user_id = m.user_id
    where m.group_id = ${groupId} and m.is_contestant
    order by lower(u.display_name), m.user_id`);

  const dropWorst = season.archived ? 0 : season.drop_worst;
  const members = rows.map((row) => ({
    userId: Number(row.user_id),
    displayName: row.display_name,
    ranks: [] as number[],
    points: [] as number[],
  }));
  const soFar = rows.map(() => ({ rounds: [] as MemberRound[], roundWins: 0, wins: 0, losses: 0 }));
  played.forEach((round, at) => {
    const knownSoFar = played.slice(0, at + 1).filter((each) => each.actual !== null);
    const entries = rows.map((row, index) => {
      const so = soFar[index]!;
      const [points, wins, losses] = row.records?.[round.id] ?? [0, 0, 0];
      so.rounds.push({ index: round.index, points, complete: round.complete });
      so.roundWins += row.won?.[round.id] ?? 0;
      so.wins += wins;
      so.losses += losses;
      return {
        index,
        points: seasonTotalOf(so.rounds, dropWorst).points,
        roundWins: so.roundWins,
        tiebreakerDistance: distanceOver(knownSoFar, row.answers, row.exempt),
        wins: so.wins,
        losses: so.losses,
      };
    });
    for (const entry of rankSeason(entries)) {
      members[entry.index]!.ranks.push(entry.position);
      members[entry.index]!.points.push(entry.points);
    }
  });

  const latest = played.length - 1;
  return {
    rounds: played.map((round) => ({ id: round.id, label: roundLabel(round.index) })),
    members: latest < 0 ? members : members.sort((a, b) => a.ranks[latest]! - b.ranks[latest]!),
  };
}

/** What the chart draws for a viewer: the first ten at the latest round, and them. */
export function historyFor(history: StandingsHistory, viewerId: number): StandingsHistory {
  const drawn = history.rounds.length === 0 ? 0 : HISTORY_LEADERS;
  return {
    rounds: history.rounds,
    members: history.members.filter((member, place) => place < drawn || member.userId === viewerId),
  };
}
