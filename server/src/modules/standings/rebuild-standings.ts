import { sql } from 'drizzle-orm';
import { VOID_RESULT, memberRecordOf, type MemberRecord } from '@shared/domain/group-stats';
import type { Db, Tx } from '../../db/client';

export interface ComputedStanding extends MemberRecord {
  groupId: number;
  userId: number;
  displayName: string;
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
  props: { id: number; result: string | null }[];
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
 * exemptions) with shared/domain's memberRecordOf: the scoring rule as the client and the
 * tests know it, not the triggers' SQL. This is the oracle the property test compares the
 * stored rows with, and what `npm run db:rebuild-standings` writes. Five reads, whatever
 * the size; sorted by group then user. With them, each prop's pick count per option
 * (decision 0024), sorted by prop then option.
 */
export async function computeStandings(tx: Pick<Tx, 'execute'>): Promise<ComputedStandings> {
  const groupsById = new Map<number, GroupData>();
  const dataOf = (groupId: number) =>
    inner(groupsById, groupId, () => ({
      props: [],
      contestants: [],
      selections: new Map(),
      exempt: new Map(),
    }));
  const groupRows = await tx.execute<{ id: number }>(sql`select id from groups order by id`);
  for (const row of groupRows.rows) dataOf(Number(row.id));
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
  const props = await tx.execute<{ id: number; group_id: number; result: string | null }>(
    sql`select id, group_id, result from props`,
  );
  const groupOfProp = new Map<number, number>();
  for (const row of props.rows) {
    groupOfProp.set(Number(row.id), Number(row.group_id));
    dataOf(Number(row.group_id)).props.push({ id: Number(row.id), result: row.result });
  }
  const picks = await tx.execute<{ user_id: number; prop_id: number; selected_option: string }>(
    sql`select user_id, prop_id, selected_option from picks`,
  );
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
    const valid = data.props.filter((prop) => prop.result !== VOID_RESULT);
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
          data.props,
          data.selections.get(userId) ?? none,
          data.exempt.get(userId) ?? new Set(),
        ),
      });
    }
  }
  return result;
}

/**
 * `npm run db:rebuild-standings`: replaces every stored standing and tally with
 * computeStandings' in one transaction, for after a bulk load or a restore. Writers wait
 * meanwhile (the source tables are locked in share mode); readers carry on. Every group's
 * version moves, so no instance keeps serving an answer read before.
 */
export async function rebuildStandings(db: Db): Promise<ComputedStandings> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table groups, group_members, props, picks, standing_exemptions, users in share mode`,
    );
    const computed = await computeStandings(tx);
    await tx.execute(sql`delete from standings`);
    await tx.execute(sql`delete from group_tallies`);
    await tx.execute(sql`delete from prop_pick_counts`);
    const { tallies, standings, pickCounts } = computed;
    // One statement each, however many rows (the master-props sync writes the same way).
    await tx.execute(sql`
      insert into group_tallies (group_id, contestants, valid_props, decided_props)
      select "groupId", contestants, "validProps", "decidedProps"
      from jsonb_to_recordset(${JSON.stringify(tallies)}::jsonb) as x(
        "groupId" int, contestants int, "validProps" int, "decidedProps" int)`);
    await tx.execute(sql`
      insert into standings (group_id, user_id, display_name, wins, losses, pending, picks_made,
        ranked)
      select "groupId", "userId", "displayName", wins, losses, pending, "picksMade",
        standings_ranked(t.contestants)
      from jsonb_to_recordset(${JSON.stringify(standings)}::jsonb) as x(
        "groupId" int, "userId" int, "displayName" text, wins int, losses int, pending int,
        "picksMade" int)
      join group_tallies t on t.group_id = x."groupId"`);
    await tx.execute(sql`
      insert into prop_pick_counts (group_id, prop_id, option, count)
      select "groupId", "propId", option, count
      from jsonb_to_recordset(${JSON.stringify(pickCounts)}::jsonb) as x(
        "groupId" int, "propId" int, option text, count int)`);
    // Every group's version moves (decision 0027): the instances' kept answers were read
    // from the rows just replaced, and open pages refetch their standings.
    await tx.execute(
      sql`select group_event_emit(id, 'standings', '{}'::jsonb) from groups order by id`,
    );
    return computed;
  });
}

/** The stored rows in computeStandings' shape and order, to compare the two. */
export async function storedStandings(db: Pick<Db, 'execute'>): Promise<ComputedStandings> {
  const standings = await db.execute<Record<string, number | string>>(sql`
    select group_id, user_id, display_name, wins, losses, pending, picks_made
    from standings order by group_id, user_id`);
  const tallies = await db.execute<Record<string, number>>(sql`
    select group_id, contestants, valid_props, decided_props from group_tallies order by group_id`);
  // Rows whose last pick went stay at 0 (decision 0024): they count no picks.
  const pickCounts = await db.execute<Record<string, number | string>>(sql`
    select group_id, prop_id, option, count from prop_pick_counts
    where count <> 0 order by prop_id, option collate "C"`);
  return {
    standings: standings.rows.map((row) => ({
      groupId: Number(row.group_id),
      userId: Number(row.user_id),
      displayName: String(row.display_name),
      wins: Number(row.wins),
      losses: Number(row.losses),
      pending: Number(row.pending),
      picksMade: Number(row.picks_made),
    })),
    tallies: tallies.rows.map((row) => ({
      groupId: Number(row.group_id),
      contestants: Number(row.contestants),
      validProps: Number(row.valid_props),
      decidedProps: Number(row.decided_props),
    })),
    pickCounts: pickCounts.rows.map((row) => ({
      groupId: Number(row.group_id),
      propId: Number(row.prop_id),
      option: String(row.option),
      count: Number(row.count),
    })),
  };
}
