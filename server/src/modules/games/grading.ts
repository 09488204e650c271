import { and, asc, eq, sql } from 'drizzle-orm';
import { automaticResultOf, type AutomaticResult } from '@shared/domain/game-grading';
import { notArchived } from '../seasons/seasons.service';
import type { Db, Tx } from '../../db/client';
import { games, masterProps, props, type GameRow } from '../../db/schema';
import {
  recordActivity,
  resultChangeActivity,
  type NewActivity,
} from '../activity/activity.service';
import { masterAuditOf, recordAudit, resultAuditChange } from '../audit/audit.service';
import { applyMastersToCopies, lockGroupsOfProps } from '../master-props/master-props.service';
import { feedResultOfProp } from '../props/automatic-result';

/** Changed since last graded and over or maybe void, or over with linked props still open. */
async function gamesToGrade(db: Db): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select g.id from games g
    where g.graded_at is null
      and (g.status in ('final', 'canceled', 'postponed', 'suspended') or g.starts_at > g.scheduled_at)
    union
    select p.game_id from props p join games g on g.id = p.game_id
    where p.game_id is not null and p.result is null and not p.result_overridden
      and not p.is_imported and g.status in ('final', 'canceled')
    union
    select m.game_id from master_props m join games g on g.id = m.game_id
    where m.game_id is not null and m.result is null and not m.result_overridden
      and g.status in ('final', 'canceled')`);
  return result.rows.map((row) => row.id);
}

/**
 * Product rules §4 'Game-linked props': each game in its own transaction. A game another
 * instance is grading is locked and skipped, so each result is written once.
 */
export async function gradeDueGames(db: Db, now = new Date()): Promise<number> {
  let changed = 0;
  for (const id of await gamesToGrade(db)) changed += await gradeGame(db, id, now);
  return changed;
}

/**
 * Set the way a person's result is (a master prop with every copy); the activity line has
 * no actor. A result a person overrode is left alone. The game is marked graded once what
 * it gives is final; a postponed game still inside its 48 hours is not.
 */
export async function gradeGame(db: Db, gameId: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [game] = await tx
      .select()
      .from(games)
      .where(eq(games.id, gameId))
      .for('update', { skipLocked: true });
    if (!game) return 0;
    const settled =
      game.status === 'final' ||
      automaticResultOf(game, { market: 'winner', line: null, team: null }, now) !== null;
    const changed = (await gradeMasters(tx, game, now)) + (await gradeGroupProps(tx, game, now));
    if (settled) await tx.update(games).set({ gradedAt: now }).where(eq(games.id, gameId));
    return changed;
  });
}

const reasonOf = (game: GameRow, automatic: AutomaticResult, previous: string | null) =>
  automatic.reason ??
  (previous === null
    ? undefined
    : `Final score corrected: ${game.awayAbbreviation} ${game.awayScore} – ${game.homeAbbreviation} ${game.homeScore}`);

async function gradeGroupProps(tx: Tx, game: GameRow, now: Date): Promise<number> {
  // Groups first, then props, as every write takes them (db/derived/lock-order.sql).
  await lockGroupsOfProps(tx, eq(props.gameId, game.id));
  const linked = await tx
    .select()
    .from(props)
    .where(
      and(
        eq(props.gameId, game.id),
        eq(props.isImported, false),
        eq(props.resultOverridden, false),
        notArchived,
      ),
    )
    .orderBy(asc(props.id))
    .for('update');
  const changes = linked.flatMap((prop) => {
    const automatic = feedResultOfProp(game, prop, now);
    return automatic && automatic.result !== prop.result ? [{ prop, automatic }] : [];
  });
  if (changes.length === 0) return 0;
  const values = sql.join(
    changes.map(({ prop, automatic }) => sql`(${prop.id}::integer, ${automatic.result}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update props p set result = c.result from (values ${values}) as c(id, result) where p.id = c.id`,
  );
  const events = changes.flatMap(({ prop, automatic }): NewActivity[] => {
    const change = resultChangeActivity(prop, prop.result, automatic.result, {
      reason: reasonOf(game, automatic, prop.result),
      byPickem: true,
    });
    return change
      ? [{ groupId: prop.groupId, predictionId: prop.id, actorId: null, ...change }]
      : [];
  });
  await recordActivity(tx, events);
  return changes.length;
}

async function gradeMasters(tx: Tx, game: GameRow, now: Date): Promise<number> {
  const linked = await tx
    .select()
    .from(masterProps)
    .where(and(eq(masterProps.gameId, game.id), eq(masterProps.resultOverridden, false)))
    .orderBy(asc(masterProps.id))
    .for('update');
  const changes = linked.flatMap((master) => {
    const automatic = feedResultOfProp(game, master, now);
    return automatic && automatic.result !== master.result ? [{ master, automatic }] : [];
  });
  if (changes.length === 0) return 0;
  const values = sql.join(
    changes.map(({ master, automatic }) => sql`(${master.id}::integer, ${automatic.result}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update master_props m set result = c.result, updated_at = now()
    from (values ${values}) as c(id, result) where m.id = c.id`);
  await recordAudit(
    tx,
    changes.map(({ master, automatic }) => ({
      ...masterAuditOf(master),
      actorId: null,
      reason: reasonOf(game, automatic, master.result) ?? null,
      ...resultAuditChange(master.options, master.result, automatic.result),
    })),
  );
  const byReason = new Map<string | undefined, number[]>();
  for (const { master, automatic } of changes) {
    const reason = reasonOf(game, automatic, master.result);
    byReason.set(reason, [...(byReason.get(reason) ?? []), master.id]);
  }
  let copied = 0;
  for (const [reason, ids] of byReason) {
    copied += (await applyMastersToCopies(tx, ids, null, { reason })).resultChanges;
  }
  return changes.length + copied;
}
