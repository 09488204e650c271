import { GROUP_SPORTS } from '@shared/sports';
import { ALL_SPORTS, compareWords } from '@shared/domain/prop-order';

/**
 * The sports the group's props have (a chip for a sport without props only leads to an
 * empty sheet), plus the one in the URL so it can be switched off. Catalogue sports in
 * catalogue order, the rest alphabetically; case-insensitive duplicates count once.
 */
export function filterSportsOf(props: readonly { sport: string }[], current: string): string[] {
  const byKey = new Map<string, string>();
  const add = (sport: string) => {
    const name = sport.trim();
    const key = name.toLowerCase();
    if (name && key !== ALL_SPORTS && !byKey.has(key)) byKey.set(key, name);
  };
  props.forEach((prop) => add(prop.sport));
  add(current);
  const catalogue = GROUP_SPORTS.map((sport) => sport.toLowerCase());
  return [...byKey.values()].sort((a, b) => {
    const rankA = catalogue.indexOf(a.toLowerCase());
    const rankB = catalogue.indexOf(b.toLowerCase());
    if (rankA !== rankB) {
      if (rankA === -1) return 1;
      if (rankB === -1) return -1;
      return rankA - rankB;
    }
    return compareWords(a, b);
  });
}
