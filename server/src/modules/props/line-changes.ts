import { sql } from 'drizzle-orm';
import { propTermsChanged, type PropTerms } from '@shared/domain/prop-terms';
import type { Tx } from '../../db/client';
import { pickResets, picks, standingExemptions } from '../../db/schema';
import { recordActivity } from '../activity/activity.service';

export interface PropChange {
  propId: number;
  groupId: number;
  before: PropTerms;
  after: PropTerms;
  /** The picks on a decided prop are its record. */
  result: string | null;
}

/**
 * For every prop whose options or line changed, inside the caller's transaction: on a prop
 * without a result every pick answered a question no longer asked, so it is removed, with
 * a pick_resets row (the card says "pick again") and a standing exemption (no loss for not
 * picking again). The feed gets a line_changed event. Three statements whatever the
 * number of picks; returns how many were reset.
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
