import { hasRealResult } from '@shared/domain/master-prop-order';
import { ALL_SPORTS } from '@shared/domain/prop-order';

export interface MasterPropFilters {
  /** Free text matched against title or description, case-insensitive. */
  search: string;
  /** A sport, or ALL_SPORTS. */
  sport: string;
  /** Product rules §2: the With Results tile toggles a filter to props with a result. */
  withResults: boolean;
}

/**
 * The panel's list after its filters. 'With results' means what the tile counts: a real
 * result (an option), so the list shows exactly as many cards as the tile says.
 */
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
