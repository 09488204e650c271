import { and, asc, eq, sql } from 'drizzle-orm';
import { ROUND_NOT_FOUND } from '@shared/contract/exports';
import { csvDocument, exportFileName, type CsvValue } from '@shared/domain/csv';
import { pickOutcomeOf, resultLabel, winRatePercent } from '@shared/domain/group-stats';
import { lockStateOf } from '@shared/domain/lock-state';
import { roundLabel } from '@shared/domain/rounds';
import { rankRound } from '@shared/domain/tiebreaker';
import type { Db } from '../../db/client';
import { picks, props, rounds, seasons, users, type GroupRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { seasonBoardOf } from '../standings/boards.service';
import { roundTiebreakerOf } from '../tiebreakers/tiebreakers.service';

/** A CSV file's name and text. */
export interface CsvFile {
  fileName: string;
  text: string;
}

const STANDINGS_HEADER = ['Position', 'Member', 'Points', 'Wins', 'Losses', 'Win rate %'];

/** The season's board, best first, as the leaderboard ranks it. */
async function seasonStandingsCsv(db: Db, group: GroupRow): Promise<CsvFile> {
  const board = await seasonBoardOf(db, group.id);
  return {
    fileName: exportFileName(group.name, 'standings'),
    text: csvDocument(
      [...STANDINGS_HEADER, 'Pending'],
      board.map((entry) => [
        entry.position,
        entry.user.displayName,
        entry.points ?? 0,
        entry.wins,
        entry.losses,
        entry.percentage,
        entry.pending,
      ]),
    ),
  };
}

interface RoundRow extends Record<string, unknown> {
  user_id: number;
  display_name: string;
  points: number;
  wins: number;
  losses: number;
}

/**
 * One round's board, ranked with its tiebreaker: every contestant, those without a pick in
 * it at 0.
 */
async function roundStandingsCsv(db: Db, group: GroupRow, roundId: number): Promise<CsvFile> {
  const [round] = await db
    .select({ index: rounds.index, seasonName: seasons.name })
    .from(rounds)
    .innerJoin(seasons, eq(seasons.id, rounds.seasonId))
    .where(and(eq(rounds.id, roundId), eq(rounds.groupId, group.id)));
  if (!round) throw notFound(ROUND_NOT_FOUND);
  const { rows } = await db.execute<RoundRow>(sql`
    select m.user_id, u.display_name, coalesce(r.points, 0)::int as points,
      coalesce(r.wins, 0)::int as wins, coalesce(r.losses, 0)::int as losses
    from group_members m
    join users u on u.id = m.user_id
    left join round_standings r on r.round_id = ${roundId} and r.user_id = m.user_id
    where m.group_id = ${group.id} and m.is_contestant
    order by lower(u.display_name), m.user_id`);
  const { actual, answers } = await roundTiebreakerOf(db, roundId);
  const ranked = rankRound(
    rows.map((row) => ({
      ...row,
      points: Number(row.points),
      tiebreaker: answers.get(Number(row.user_id)) ?? null,
    })),
    actual,
  );
  return {
    fileName: exportFileName(group.name, `standings ${roundLabel(round.index)}`),
    text: csvDocument(
      STANDINGS_HEADER,
      ranked.map((entry) => [
        entry.position,
        entry.display_name,
        entry.points,
        Number(entry.wins),
        Number(entry.losses),
        winRatePercent(Number(entry.wins), Number(entry.losses)),
      ]),
    ),
  };
}

/** The season's board, or one round's (product rules §10 'CSV'). */
export async function standingsCsv(
  db: Db,
  group: GroupRow,
  roundId: number | undefined,
): Promise<CsvFile> {
  return roundId === undefined
    ? seasonStandingsCsv(db, group)
    : roundStandingsCsv(db, group, roundId);
}

const OUTCOME_WORDS = { win: 'Correct', loss: 'Wrong', pending: 'Pending', void: 'Void' } as const;

/**
 * Every pick on a prop that has locked at the server's clock, by game date then prop then
 * member: what the reveal already shows every member. Open props' picks stay hidden.
 */
export async function picksCsv(db: Db, group: GroupRow, now = new Date()): Promise<CsvFile> {
  const rows = await db
    .select({
      propId: props.id,
      title: props.title,
      sport: props.sport,
      gameDate: props.gameDate,
      options: props.options,
      result: props.result,
      roundIndex: rounds.index,
      seasonName: seasons.name,
      member: users.displayName,
      selectedOption: picks.selectedOption,
      confidence: picks.confidence,
      isLock: picks.isLock,
    })
    .from(picks)
    .innerJoin(props, eq(props.id, picks.propId))
    .innerJoin(users, eq(users.id, picks.userId))
    .leftJoin(rounds, eq(rounds.id, props.roundId))
    .leftJoin(seasons, eq(seasons.id, rounds.seasonId))
    .where(and(eq(picks.groupId, group.id), eq(props.isActive, true)))
    .orderBy(
      sql`${props.gameDate} asc nulls last`,
      asc(props.id),
      sql`lower(${users.displayName})`,
      asc(picks.userId),
    );
  const lines: CsvValue[][] = rows
    .filter((row) => lockStateOf(row, group, now).locked)
    .map((row) => {
      const labelOf = (value: string) =>
        row.options.find((option) => option.value === value)?.label;
      const outcome = pickOutcomeOf(row.result, row.selectedOption);
      return [
        row.seasonName,
        row.roundIndex === null ? null : roundLabel(row.roundIndex),
        row.propId,
        row.title,
        row.sport,
        row.gameDate,
        row.member,
        labelOf(row.selectedOption) ?? row.selectedOption,
        row.result === null ? null : resultLabel(row.result, labelOf(row.result)),
        outcome === 'unpicked' || outcome === 'exempt' ? null : OUTCOME_WORDS[outcome],
        row.confidence,
        row.isLock ? 'Yes' : 'No',
      ];
    });
  return {
    fileName: exportFileName(group.name, 'picks'),
    text: csvDocument(
      [
        'Season',
        'Round',
        'Prop id',
        'Prop',
        'Sport',
        'Game date',
        'Member',
        'Pick',
        'Result',
        'Outcome',
        'Confidence',
        'Lock',
      ],
      lines,
    ),
  };
}
