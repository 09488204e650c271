import { sql } from 'drizzle-orm';
import { propTermsChanged, type PropTerms } from '@shared/domain/prop-terms';
import type { Tx } from '../../db/client';
import { pickResets, picks, standingExemptions } from '../../db/schema';
import { recordActivity } from '../activity/activity.service';

/** A prop as it was and as it is about to be (a sheet sync, the leader's edit). */
export interface PropChange {
  propId: number;
  groupId: number;
  before: PropTerms;
  after: PropTerms;
  /** The prop's result after the change: the picks on a decided prop are its record. */
  result: string | null;
}

/**
 * Decision 0020, inside the caller's transaction, for every prop whose options or line
 * changed (`propTermsChanged`):
 * - on a prop without a result, every pick is removed, since it answered a question that
 *   is no longer asked; each of those members gets a pick_resets row (their card says "The
 *   line changed: pick again" until they do) and a standing exemption (decision 0013's
 *   rule: a member whose pick was taken away never takes a loss for not picking again,
 *   for instance when the game has started by then). The standings triggers keep the
 *   stored standings right through both writes;
 * - the group's feed gets a line_changed event saying what changed and how many picks
 *   were reset.
 * Three statements whatever the number of props and picks. Returns how many picks were reset.
 */
export async function resetPicksOnLineChanges(
  tx: Tx,
  changes: readonly PropChange[],
  actorId: number | null,
): Promise<number> {
  const changed = changes.filter((change) => propTermsChanged(change.before, change.after));
  if (changed.length === 0) return 0;
  const open = changed.filter((change) => change.result === null).map((change) => change.propId);

  const resetByProp = new Map<number, number>();
  if (open.length > 0) {
    const ids = sql.join(
      open.map((id) => sql`${id}`),
      sql`, `,
    );
    // The picks and their reset rows in one statement: nothing is shipped to Node and back.
    const reset = await tx.execute<{ prop_id: number; reset: number }>(sql`
      with removed as (
        delete from ${picks} where prop_id in (${ids})
        returning group_id, user_id, prop_id, selected_option
      ), marked as (
        insert into ${pickResets} (group_id, user_id, prop_id, previous_option)
        select group_id, user_id, prop_id, selected_option from removed
        on conflict (user_id, prop_id) do update
          set previous_option = excluded.previous_option, reset_at = now()
        returning prop_id
      )
      select prop_id, count(*)::int as reset from marked group by prop_id`);
    for (const row of reset.rows) resetByProp.set(Number(row.prop_id), Number(row.reset));
    if (resetByProp.size > 0) {
      await tx.execute(sql`
        insert into ${standingExemptions} (group_id, user_id, prop_id)
        select group_id, user_id, prop_id from ${pickResets} where prop_id in (${ids})
        on conflict do nothing`);
    }
  }

  const labels = (terms: PropTerms) => terms.options.map((option) => option.label);
  await recordActivity(
    tx,
    changed.map((change) => ({
      groupId: change.groupId,
      predictionId: change.propId,
      actorId,
      eventType: 'line_changed' as const,
      eventData: {
        title: change.after.title,
        previousOptions: labels(change.before),
        options: labels(change.after),
        previousDescription: change.before.description,
        description: change.after.description,
        picksReset: resetByProp.get(change.propId) ?? 0,
      },
    })),
  );
  return [...resetByProp.values()].reduce((sum, count) => sum + count, 0);
}
