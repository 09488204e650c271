import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { VOID_RESULT } from '@shared/domain/group-stats';
import type { PropOption } from '@shared/domain/prop-options';
import { MEMBER_AUDIT_KINDS, type AuditEntry, type AuditKind } from '@shared/contract/audit';
import type { Db, Tx } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { resultAudit, users } from '../../db/schema';

/**
 * An entry the trigger on activity_events cannot write: a master prop's own result (no
 * group) or a return to automatic that left the result as it was. actorId null: the feed.
 */
export interface NewAuditEntry {
  groupId: number | null;
  propId: number | null;
  masterPropId: number | null;
  title: string;
  actorId: number | null;
  kind: AuditKind;
  from: { value: string; label: string } | null;
  to: { value: string; label: string } | null;
  reason?: string | null;
}

export const masterAuditOf = (master: { id: number; title: string }) => ({
  groupId: null,
  propId: null,
  masterPropId: master.id,
  title: master.title,
});

export function resultAuditChange(
  options: readonly PropOption[],
  previous: string | null,
  next: string | null,
): Pick<NewAuditEntry, 'kind' | 'from' | 'to'> {
  const valueOf = (result: string | null) =>
    result === null
      ? null
      : { value: result, label: options.find((o) => o.value === result)?.label ?? result };
  const kind: AuditKind =
    next === null
      ? 'result_removed'
      : next === VOID_RESULT
        ? 'result_voided'
        : previous === null
          ? 'result_set'
          : 'result_changed';
  return { kind, from: valueOf(previous), to: valueOf(next) };
}

/** An override or a return that agreed with the result. */
export function sameResultOf(
  options: readonly PropOption[],
  result: string | null,
): Pick<NewAuditEntry, 'from' | 'to'> {
  const { to } = resultAuditChange(options, null, result);
  return { from: to, to };
}

/** Inside the caller's transaction, so they commit with the change. */
export async function recordAudit(tx: Tx | Db, entries: readonly NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(resultAudit).values(
    entries.map((entry) => ({
      groupId: entry.groupId,
      propId: entry.propId,
      masterPropId: entry.masterPropId,
      title: entry.title,
      actorId: entry.actorId,
      actorKind: entry.actorId === null ? ('feed' as const) : ('user' as const),
      kind: entry.kind,
      fromResult: entry.from?.value ?? null,
      fromLabel: entry.from?.label ?? null,
      toResult: entry.to?.value ?? null,
      toLabel: entry.to?.label ?? null,
      reason: entry.reason ?? null,
    })),
  );
}

/** The entry a page continues after. */
const cursor = alias(resultAudit, 'cursor');

/** `before` is a keyset on (created_at, id). */
export async function listAudit(
  db: Db,
  groupId: number,
  page: { limit: number; before?: number },
  viewer: { isLeader: boolean },
): Promise<AuditEntry[]> {
  const after =
    page.before === undefined
      ? undefined
      : sql`(${resultAudit.createdAt}, ${resultAudit.id}) < ${db
          .select({ createdAt: cursor.createdAt, id: cursor.id })
          .from(cursor)
          .where(and(eq(cursor.id, page.before), eq(cursor.groupId, groupId)))}`;
  const rows = await db
    .select({ entry: resultAudit, actorName: users.displayName })
    .from(resultAudit)
    .leftJoin(users, eq(users.id, resultAudit.actorId))
    .where(
      and(
        eq(resultAudit.groupId, groupId),
        viewer.isLeader ? undefined : inArray(resultAudit.kind, MEMBER_AUDIT_KINDS),
        after,
      ),
    )
    .orderBy(desc(resultAudit.createdAt), desc(resultAudit.id))
    .limit(page.limit);
  return rows.map(({ entry, actorName }) => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    kind: entry.kind,
    actor:
      entry.actorKind === 'feed'
        ? { type: 'feed' as const }
        : { type: 'user' as const, name: actorName },
    predictionId: entry.propId,
    masterPropId: entry.masterPropId,
    title: entry.title,
    from: storedValueOf(entry.fromResult, entry.fromLabel),
    to: storedValueOf(entry.toResult, entry.toLabel),
    reason: entry.reason,
    picksReset: entry.picksReset,
  }));
}

const storedValueOf = (value: string | null, label: string | null) =>
  value === null && label === null ? null : { value: value ?? '', label: label ?? value ?? '' };
