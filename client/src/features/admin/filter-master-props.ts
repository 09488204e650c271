import { hasRealResult } from '@shared/domain/master-prop-order';
import { ALL_SPORTS } from '@shared/domain/prop-order';

export interface MasterPropFilters {
  /** Matched against title or description, case-insensitive. */
  search: string;
  sport: string;
  withResults: boolean;
}

/** 'With results' counts a real result (an option), as the tile does. */
export function filterMasterProps<
  T extends { sport: string; title: string; description: string; result: string | null },
>(props: readonly T[], filters: MasterPropFilters): T[] {
  const needle = filters.search.trim().toLowerCase();
  const sport = filters.sport.toLowerCase();
  return props.filter(
    (prop) =>
      (sport === ALL_SPORTS || prop.sport.toLowerCase() === sport) &&
      (!filters.withResults || hasRealResult(prop.result)) &&
      (needle === '' ||
        prop.title.toLowerCase().includes(needle) ||
        prop.description.toLowerCase().includes(needle)),
  );
}
