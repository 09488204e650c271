import type { MasterProp } from '@shared/contract/master-props';
import { sortMasterPropsForAdmin } from '@shared/domain/master-prop-order';

/**
 * Product rules §3 'Master prop': the panel shows one card per sport + title + description. The
 * operator's sheet can carry the same question twice (two rows, two keys); setting the
 * card's result sets it on every copy (allIds), so the copies never disagree.
 */
export interface MergedMasterProp {
  /** The first copy's id: the card's key and the sort's tie-break. */
  id: number;
  sport: string;
  title: string;
  description: string;
  /** The first copy's options: the result control offers these. */
  options: string[];
  /** The earliest game date among the copies. */
  gameDate: string | null;
  /** The first non-empty result among the copies. */
  result: string | null;
  /** Imported into a group if any copy is. */
  isImported: boolean;
  groupNames: string[];
  groupIds: number[];
  allIds: number[];
}

const keyOf = (prop: Pick<MasterProp, 'sport' | 'title' | 'description'>) =>
  JSON.stringify([prop.sport, prop.title, prop.description]);

const timeOf = (iso: string | null) => {
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/** One entry per sport + title + description, in the admin sort order (product rules §4). */
export function mergeMasterProps(props: readonly MasterProp[]): MergedMasterProp[] {
  const merged = new Map<string, MergedMasterProp>();
  for (const prop of props) {
    const key = keyOf(prop);
    const existing = merged.get(key);
    if (!existing) {
      merged.set(key, {
        id: prop.id,
        sport: prop.sport,
        title: prop.title,
        description: prop.description,
        options: prop.options,
        gameDate: prop.gameDate,
        result: prop.result === '' ? null : prop.result,
        isImported: prop.isImported,
        groupNames: [...new Set(prop.groups.map((group) => group.name))],
        groupIds: [...new Set(prop.groups.map((group) => group.id))],
        allIds: [prop.id],
      });
      continue;
    }
    existing.allIds.push(prop.id);
    if (existing.result === null && prop.result) existing.result = prop.result;
    existing.isImported ||= prop.isImported;
    if (timeOf(prop.gameDate) < timeOf(existing.gameDate)) existing.gameDate = prop.gameDate;
    for (const group of prop.groups) {
      if (!existing.groupIds.includes(group.id)) existing.groupIds.push(group.id);
      if (!existing.groupNames.includes(group.name)) existing.groupNames.push(group.name);
    }
  }
  return sortMasterPropsForAdmin([...merged.values()]);
}
