import { VOID_RESULT } from '@shared/domain/group-stats';
import type { PropOption } from '@shared/domain/prop-options';
import { naturalKeyOf, type GameLinkFields, type SheetRow } from './master-props-sheet';

/**
 * Decided without the database so the matching is unit tested: a row finds its stored
 * master prop by key, else by title, description and game date.
 */

export interface StoredMasterProp {
  id: number;
  sourceKey: string | null;
  title: string;
  description: string;
  options: PropOption[];
  gameDate: Date | null;
  result: string | null;
  link?: GameLinkFields | null;
}

export type MasterPropFields = Omit<StoredMasterProp, 'id'>;

export interface SyncPlan {
  inserts: MasterPropFields[];
  updates: { id: number; fields: MasterPropFields; resultChanged: boolean }[];
  unchanged: number[];
  removals: number[];
}

/** A blank cell never clears what the operator set, unless it stopped being a choice. */
function resultAfterSync(stored: StoredMasterProp, row: SheetRow): string | null {
  if (row.result !== null) return row.result;
  if (stored.result === null || stored.result === VOID_RESULT) return stored.result;
  return row.options.some((option) => option.value === stored.result) ? stored.result : null;
}

const sameOptions = (a: PropOption[], b: PropOption[]) =>
  a.length === b.length &&
  a.every((option, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      option.value === other.value &&
      option.label === other.label &&
      option.odds === other.odds
    );
  });

const sameFields = (stored: StoredMasterProp, fields: MasterPropFields) =>
  stored.sourceKey === fields.sourceKey &&
  stored.title === fields.title &&
  stored.description === fields.description &&
  sameOptions(stored.options, fields.options) &&
  (stored.gameDate?.getTime() ?? null) === (fields.gameDate?.getTime() ?? null) &&
  stored.result === fields.result &&
  sameLink(stored.link ?? null, fields.link ?? null);

const sameLink = (a: GameLinkFields | null, b: GameLinkFields | null) =>
  a === null || b === null
    ? a === b
    : a.gameId === b.gameId && a.market === b.market && a.line === b.line && a.team === b.team;

export function planSync(stored: readonly StoredMasterProp[], rows: readonly SheetRow[]): SyncPlan {
  const sheetKeys = new Set(rows.flatMap((row) => (row.key === null ? [] : [row.key])));
  const byKey = new Map<string, StoredMasterProp>();
  // A stored prop whose key is gone (the operator changed the key column) may still be the
  // same prop, found by title, description and game date.
  const byNaturalKey = new Map<string, StoredMasterProp[]>();
  for (const prop of stored) {
    if (prop.sourceKey !== null && sheetKeys.has(prop.sourceKey)) byKey.set(prop.sourceKey, prop);
    else {
      const natural = naturalKeyOf(prop);
      byNaturalKey.set(natural, [...(byNaturalKey.get(natural) ?? []), prop]);
    }
  }

  const matched = new Set<number>();
  const plan: SyncPlan = { inserts: [], updates: [], unchanged: [], removals: [] };
  for (const row of rows) {
    const candidate =
      (row.key !== null ? byKey.get(row.key) : undefined) ??
      byNaturalKey.get(naturalKeyOf(row))?.find((prop) => !matched.has(prop.id));
    const fields: Omit<MasterPropFields, 'result'> = {
      sourceKey: row.key,
      title: row.title,
      description: row.description,
      options: row.options,
      gameDate: row.gameDate,
      link: row.gameLink ?? null,
    };
    if (!candidate || matched.has(candidate.id)) {
      plan.inserts.push({ ...fields, result: row.result });
      continue;
    }
    matched.add(candidate.id);
    const next = { ...fields, result: resultAfterSync(candidate, row) };
    if (sameFields(candidate, next)) plan.unchanged.push(candidate.id);
    else {
      plan.updates.push({
        id: candidate.id,
        fields: next,
        resultChanged: next.result !== candidate.result,
      });
    }
  }
  plan.removals = stored.filter((prop) => !matched.has(prop.id)).map((prop) => prop.id);
  return plan;
}
