import type { Db } from '../../db/client';
import { keepRecent, perDatabase } from '../../db/per-database';
import { seasonBoardsOf } from './boards.service';

/**
 * Each member's place on the current season's board, for the stats card and the home cards,
 * so they say what the board says (decision 0112). The boards are read whole and ranked by
 * the shared rules; their places are kept per group under the group's version the request
 * read, so a changed group is read again and instances agree.
 */

type Places = ReadonlyMap<number, number>;
interface Kept {
  version: string;
  places: Promise<Places>;
}

const keptOf = perDatabase(() => new Map<number, Kept>());
const KEPT_GROUPS = 500;

/** The places of each group at its version: one read of the boards not kept, for them all. */
export function seasonPlacesOf(
  db: Db,
  groups: readonly { id: number; version: string }[],
): Promise<Places>[] {
  const kept = keptOf(db);
  const missing = groups.filter(({ id, version }) => kept.get(id)?.version !== version);
  const boards = seasonBoardsOf(
    db,
    missing.map(({ id }) => id),
  );
  for (const { id, version } of missing) {
    const places = boards.then(
      (byGroup) =>
        new Map(
          (byGroup.get(id) ?? []).flatMap((entry) =>
            entry.user.id === null ? [] : [[entry.user.id, entry.position] as const],
          ),
        ),
    );
    const entry = { version, places };
    kept.set(id, entry);
    places.catch(() => {
      if (kept.get(id) === entry) kept.delete(id);
    });
  }
  return groups.map(({ id }) => {
    const entry = kept.get(id)!;
    keepRecent(kept, id, entry, KEPT_GROUPS);
    return entry.places;
  });
}
