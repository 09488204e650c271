import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  groupMembers,
  groupTallies,
  groups,
  picks,
  propPickCounts,
  props,
  roundStandings,
  rounds,
  standingExemptions,
  standings,
  users,
} from '../../db/schema';
import { storedStandings, type ComputedStandings } from './expected-standings';

/**
 * `npm run db:rebuild-standings`: replaces every stored standing, tally and pick count with
 * what the source data (picks, results, memberships, exemptions) gives, in one transaction,
 * for after a bulk load or a restore. The records are sums of the scoring functions the
 * triggers use (server/src/db/derived/scoring.sql): one statement of the rule in SQL.
 * Writers wait meanwhile (the source tables are locked in share mode); readers carry on.
 * Every group's version moves, so no instance keeps serving an answer read before.
 * Returns the rows written.
 */
export async function rebuildStandings(db: Db): Promise<ComputedStandings> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`lock table ${groups}, ${groupMembers}, ${props}, ${picks}, ${standingExemptions}, ${users} in share mode`,
    );
    // An archived season's rounds keep their boards as they ended (product rules §10).
    await tx.execute(
      sql`delete from ${roundStandings} where not round_archived(${roundStandings.roundId})`,
    );
    await tx.delete(standings);
    await tx.delete(groupTallies);
    await tx.delete(propPickCounts);
    await tx.execute(sql`
      insert into ${groupTallies} (group_id, contestants, valid_props, decided_props)
      select g.id,
        (select count(*) from ${groupMembers} m where m.group_id = g.id and m.is_contestant),
        (select count(*) from ${props} p where p.group_id = g.id and p.result is distinct from 'N/A'
         and not round_archived(p.round_id)),
        (select count(*) from ${props} p
         where p.group_id = g.id and p.result is not null and p.result <> 'N/A'
           and not round_archived(p.round_id))
      from ${groups} g`);
    // Each contestant's record adds up every prop of the group's current season, picked or not.
    await tx.execute(sql`
      insert into ${standings} (group_id, user_id, display_name, wins, losses, pending,
        picks_made)
      select m.group_id, m.user_id, u.display_name,
        coalesce(sum(standing_win(p.result, k.selected_option)), 0),
        coalesce(sum(standing_loss(p.result, k.selected_option, e.prop_id is not null)), 0),
        coalesce(sum(standing_pending(p.result, k.selected_option)), 0),
        coalesce(sum(standing_pick(p.result, k.selected_option)), 0)
      from ${groupMembers} m
      join ${users} u on u.id = m.user_id
      left join ${props} p on p.group_id = m.group_id and not round_archived(p.round_id)
      left join ${picks} k on k.prop_id = p.id and k.user_id = m.user_id
      left join ${standingExemptions} e
        on e.group_id = m.group_id and e.user_id = m.user_id and e.prop_id = p.id
      where m.is_contestant
      group by m.group_id, m.user_id, u.display_name`);
    await tx.execute(
      sql`select standings_rounds_refresh(array_agg(id)) from ${rounds} where not round_archived(id)`,
    );
    await tx.execute(sql`
      insert into ${propPickCounts} (group_id, prop_id, option, count)
      select p.group_id, k.prop_id, k.selected_option, count(*)
      from ${picks} k join ${props} p on p.id = k.prop_id
      group by p.group_id, k.prop_id, k.selected_option`);
    // Every group's version moves: the instances' kept answers were read
    // from the rows just replaced, and open pages refetch their standings.
    await tx.execute(
      sql`select group_event_emit(id, 'standings', '{}'::jsonb) from ${groups} order by id`,
    );
    return storedStandings(tx);
  });
}
