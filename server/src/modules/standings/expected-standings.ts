import { ne, sql } from 'drizzle-orm';
import { VOID_RESULT, memberRecordOf, type MemberRecord } from '@shared/domain/group-stats';
import {
  DEFAULT_SCORING_MODE,
  pointsOf,
  type ScoredPick,
  type ScoringMode,
} from '@shared/domain/scoring-modes';
import type { Db, Tx } from '../../db/client';
import { groupTallies, propPickCounts, standings } from '../../db/schema';

export interface ComputedStanding extends MemberRecord {
  groupId: number;
  userId: number;
  displayName: string;
  /** The current season's points under the group's scoring mode (`pointsOf`). */
  points: number;
}

export interface ComputedTally {
  groupId: number;
  contestants: number;
  validProps: number;
  decidedProps: number;
}

/** How many picks an option of a prop has (only options somebody picked). */
export interface ComputedPickCount {
  groupId: number;
  propId: number;
  option: string;
  count: number;
}

export interface ComputedStandings {
  standings: ComputedStanding[];
  tallies: ComputedTally[];
  pickCounts: ComputedPickCount[];
}

interface GroupData {
  mode: ScoringMode;
  props: { id: number; result: string | null; currentSeason: boolean }[];
  weights: Map<number, Map<number, ScoredPick>>;
  contestants: { userId: number; displayName: string }[];
  selections: Map<number, Map<number, string>>;
  exempt: Map<number, Set<number>>;
}

const inner = <K, V>(map: Map<K, V>, key: K, create: () => V): V => {
  const found = map.get(key);
  if (found !== undefined) return found;
  const created = create();
  map.set(key, created);
  return created;
};

/**
 * Every standing and tally computed from the source data (picks, results, memberships,
 * exemptions) with shared/domain's memberRecordOf: the scoring rule as the client knows
 * it, not the database's. The tests (the standings property test above all) and the bench
 * compare the stored rows, kept by the triggers or written by the rebuild, with it. Five
 * reads, whatever the size; sorted by group then user. With them, each prop's pick count
 * per option, sorted by prop then option.
 */
export async function computeStandings(tx: Pick<Tx, 'execute'>): Promise<ComputedStandings> {
  const groupsById = new Map<number, GroupData>();
  const dataOf = (groupId: number) =>
    inner(groupsById, groupId, () => ({
      mode: DEFAULT_SCORING_MODE,
      props: [],
      weights: new Map(),
      contestants: [],
      selections: new Map(),
      exempt: new Map(),
    }));
  const groupRows = await tx.execute<{ id: number; scoring: ScoringMode }>(
    sql`select id, scoring from groups order by id`,
  );
  for (const row of groupRows.rows) dataOf(Number(row.id)).mode = row.scoring;
  const members = await tx.execute<{ group_id: number; user_id: number; display_name: string }>(sql`
    select m.group_id, m.user_id, u.display_name
    from group_members m join users u on u.id = m.user_id
    where m.is_contestant
    order by m.group_id, m.user_id`);
  for (const row of members.rows) {
    dataOf(Number(row.group_id)).contestants.push({
      userId: Number(row.user_id),
      displayName: row.display_name,
    });
  }
  const props = await tx.execute<{
    id: number;
    group_id: number;
    result: string | null;
    current_season: boolean;
  }>(sql`
    select p.id, p.group_id, p.result, coalesce(s.ended_at is null, false) as current_season
    from props p
    left join rounds r on r.id = p.round_id
    left join seasons s on s.id = r.season_id`);
  const groupOfProp = new Map<number, number>();
  for (const row of props.rows) {
    groupOfProp.set(Number(row.id), Number(row.group_id));
    dataOf(Number(row.group_id)).props.push({
      id: Number(row.id),
      result: row.result,
      currentSeason: row.current_season,
    });
  }
  const picks = await tx.execute<{
    user_id: number;
    prop_id: number;
    selected_option: string;
    confidence: number | null;
    is_lock: boolean;
  }>(sql`select user_id, prop_id, selected_option, confidence, is_lock from picks`);
  const pickCounts = new Map<number, Map<string, number>>();
  for (const row of picks.rows) {
    const groupId = groupOfProp.get(Number(row.prop_id));
    if (groupId === undefined) continue;
    const options = inner(pickCounts, Number(row.prop_id), () => new Map<string, number>());
    options.set(row.selected_option, (options.get(row.selected_option) ?? 0) + 1);
    inner(dataOf(groupId).selections, Number(row.user_id), () => new Map()).set(
      Number(row.prop_id),
      row.selected_option,
    );
    inner(dataOf(groupId).weights, Number(row.user_id), () => new Map()).set(Number(row.prop_id), {
      selectedOption: row.selected_option,
      confidence: row.confidence,
      isLock: row.is_lock,
    });
  }
  const exemptions = await tx.execute<{ group_id: number; user_id: number; prop_id: number }>(
    sql`select group_id, user_id, prop_id from standing_exemptions`,
  );
  for (const row of exemptions.rows) {
    inner(dataOf(Number(row.group_id)).exempt, Number(row.user_id), () => new Set()).add(
      Number(row.prop_id),
    );
  }

  const result: ComputedStandings = { standings: [], tallies: [], pickCounts: [] };
  for (const [propId, options] of [...pickCounts].sort(([a], [b]) => a - b)) {
    for (const [option, count] of [...options].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      result.pickCounts.push({ groupId: groupOfProp.get(propId) ?? 0, propId, option, count });
    }
  }
  const none = new Map<number, string>();
  for (const [groupId, data] of [...groupsById].sort(([a], [b]) => a - b)) {
    // Records count the current season only (product rules §10 'Seasons').
    const current = data.props.filter((prop) => prop.currentSeason);
    const valid = current.filter((prop) => prop.result !== VOID_RESULT);
    result.tallies.push({
      groupId,
      contestants: data.contestants.length,
      validProps: valid.length,
      decidedProps: valid.filter((prop) => prop.result !== null).length,
    });
    for (const { userId, displayName } of data.contestants) {
      result.standings.push({
        groupId,
        userId,
        displayName,
        ...memberRecordOf(
          current,
          data.selections.get(userId) ?? none,
          data.exempt.get(userId) ?? new Set(),
        ),
        points: pointsOf(data.mode, current, data.weights.get(userId) ?? new Map()),
      });
    }
  }
  return result;
}

/** The stored rows in computeStandings' shape and order, to compare the two. */
export async function storedStandings(db: Db | Tx): Promise<ComputedStandings> {
  return {
    standings: await db
      .select({
        groupId: standings.groupId,
        userId: standings.userId,
        displayName: standings.displayName,
        wins: standings.wins,
        losses: standings.losses,
        pending: standings.pending,
        picksMade: standings.picksMade,
        points: standings.points,
      })
      .from(standings)
      .orderBy(standings.groupId, standings.userId),
    tallies: await db
      .select({
        groupId: groupTallies.groupId,
        contestants: groupTallies.contestants,
        validProps: groupTallies.validProps,
        decidedProps: groupTallies.decidedProps,
      })
      .from(groupTallies)
      .orderBy(groupTallies.groupId),
    // Rows whose last pick went stay at 0: they count no picks.
    pickCounts: await db
      .select({
        groupId: propPickCounts.groupId,
        propId: propPickCounts.propId,
        option: propPickCounts.option,
        count: propPickCounts.count,
      })
      .from(propPickCounts)
      .where(ne(propPickCounts.count, 0))
      .orderBy(propPickCounts.propId, sql`${propPickCounts.option} collate "C"`),
  };
}
