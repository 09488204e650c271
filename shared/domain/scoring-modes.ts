import { pickOutcomeOf } from './group-stats';

/**
 * Product rules §10 'Scoring modes': what a correct pick is worth. Wins, losses and the
 * percentages stay as §4 'Pick outcome' and §9 define them; points are what standings count.
 * - standard: a correct pick earns 1 point;
 * - confidence: a correct pick earns the confidence its member gave it (1 to the round's
 *   number of props, each used once per member and round);
 * - lock: a correct pick earns 1, or 2 when it is the member's lock of the round.
 * A wrong, missing, pending or void pick earns nothing in every mode.
 */
export const SCORING_MODES = ['standard', 'confidence', 'lock'] as const;
export type ScoringMode = (typeof SCORING_MODES)[number];
export const DEFAULT_SCORING_MODE: ScoringMode = 'standard';

export const LOCK_POINTS = 2;

export interface ScoredPick {
  selectedOption: string | null | undefined;
  /** Confidence scoring only; a pick without one earns 1 like a standard pick. */
  confidence?: number | null;
  /** Lock scoring only. */
  isLock?: boolean;
}

export function pointsOfPick(
  mode: ScoringMode,
  result: string | null | undefined,
  pick: ScoredPick,
): number {
  if (pickOutcomeOf(result, pick.selectedOption) !== 'win') return 0;
  if (mode === 'confidence') return pick.confidence ?? 1;
  if (mode === 'lock' && pick.isLock) return LOCK_POINTS;
  return 1;
}

/** A member's points over some props (a round's, a season's), from their picks by prop id. */
export function pointsOf(
  mode: ScoringMode,
  props: readonly { id: number; result: string | null | undefined }[],
  picks: ReadonlyMap<number, ScoredPick>,
): number {
  let points = 0;
  for (const prop of props) {
    const pick = picks.get(prop.id);
    if (pick) points += pointsOfPick(mode, prop.result, pick);
  }
  return points;
}
