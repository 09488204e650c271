import type { MasterProp } from '@shared/contract/master-props';
import { sortMasterPropsForAdmin } from '@shared/domain/master-prop-order';

/**
 * Product rules §3 'Master prop': one card per sport + title + description. The sheet can
 * carry the same question twice; setting the card's result sets it on every copy (allIds).
 */
export interface MergedMasterProp {
  /** The first copy's id: the card's key and the sort's tie-break. */
  id: number;
  sport: string;
  title: string;
  description: string;
  options: string[];
  gameDate: string | null;
  result: string | null;
  isImported: boolean;
  groupNames: string[];
  groupIds: number[];
  allIds: number[];
  link: MasterProp['link'];
}

const keyOf = (prop: Pick<MasterProp, 'sport' | 'title' | 'description'>) =>
  JSON.stringify([prop.sport, prop.title, prop.description]);

const timeOf = (iso: string | null) => {
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/** In the admin sort order (product rules §4). */
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
        link: prop.link,
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
