import type { ScoringMode } from './scoring-modes';

/**
 * Product rules §10 'Confidence and lock': how a member's confidences and lock of a round
 * change. Each function takes the member's picks in one round and answers either the picks
 * to update or a refusal the API sends as 409 with its message. Nothing on a prop that
 * has locked ever changes: its confidence and lock were part of the reveal.
 */

export interface RoundPick {
  propId: number;
  confidence: number | null;
  isLock: boolean;
  /** Whether the pick's prop has locked (`lockStateOf`). */
  locked: boolean;
}

export interface PickUpdate {
  propId: number;
  confidence?: number;
  isLock?: boolean;
}

export const PICK_CHANGE_REFUSALS = [
  'wrong_mode',
  'no_pick',
  'prop_locked',
  'out_of_range',
  'held_by_locked_pick',
] as const;
export type PickChangeRefusal = (typeof PICK_CHANGE_REFUSALS)[number];

export type PickChange =
  { ok: true; updates: PickUpdate[] } | { ok: false; reason: PickChangeRefusal; message: string };

const refuse = (reason: PickChangeRefusal, message: string): PickChange => ({
  ok: false,
  reason,
  message,
});
const apply = (updates: PickUpdate[]): PickChange => ({ ok: true, updates });

/** The lowest confidence none of the picks holds. */
function lowestFreeConfidence(picks: readonly RoundPick[]): number {
  const held = new Set(picks.map((pick) => pick.confidence));
  let confidence = 1;
  while (held.has(confidence)) confidence += 1;
  return confidence;
}

/**
 * A new pick's confidence: the lowest still free among the member's picks in its round
 * (at most the round's number of props, the new one counted). Every pick gets one whatever
 * the scoring mode, so a switch to confidence scoring before the season's first lock finds
 * every pick numbered.
 */
export function confidenceForNewPick(memberRoundPicks: readonly RoundPick[]): number {
  return lowestFreeConfidence(memberRoundPicks);
}

export interface ConfidenceChange {
  mode: ScoringMode;
  /** The round's number of props: confidences run from 1 to it. */
  roundSize: number;
  /** The member's picks in the round. */
  picks: readonly RoundPick[];
  propId: number;
  confidence: number;
}

/**
 * Give a pick a confidence. Another of the member's picks holding it takes the pick's old
 * one (the two swap), unless that other prop has locked.
 */
export function changeConfidence(change: ConfidenceChange): PickChange {
  const { picks, propId, confidence, roundSize } = change;
  if (change.mode !== 'confidence') {
    return refuse('wrong_mode', 'This group does not play with confidence points.');
  }
  const pick = picks.find((candidate) => candidate.propId === propId);
  if (!pick) return refuse('no_pick', 'Make a pick on this prop before giving it a confidence.');
  if (pick.locked) {
    return refuse('prop_locked', 'This prop has locked, so its confidence can no longer change.');
  }
  if (!Number.isInteger(confidence) || confidence < 1 || confidence > roundSize) {
    return refuse(
      'out_of_range',
      `Confidence must be a whole number from 1 to ${roundSize}, this round's number of props.`,
    );
  }
  if (pick.confidence === confidence) return apply([]);
  const holder = picks.find((other) => other !== pick && other.confidence === confidence);
  if (!holder) return apply([{ propId, confidence }]);
  if (holder.locked) {
    return refuse(
      'held_by_locked_pick',
      `Confidence ${confidence} is on your pick of a prop that has locked; choose another.`,
    );
  }
  const swapped =
    pick.confidence ??
    lowestFreeConfidence([...picks.filter((other) => other !== holder), { ...pick, confidence }]);
  return apply([
    { propId, confidence },
    { propId: holder.propId, confidence: swapped },
  ]);
}

export interface LockChange {
  mode: ScoringMode;
  /** The member's picks in the round. */
  picks: readonly RoundPick[];
  propId: number;
  isLock: boolean;
}

/** Mark or unmark a pick as the member's lock of the round; marking moves it from another. */
export function changeLock(change: LockChange): PickChange {
  const { picks, propId, isLock } = change;
  if (change.mode !== 'lock') return refuse('wrong_mode', 'This group does not play with locks.');
  const pick = picks.find((candidate) => candidate.propId === propId);
  if (!pick) return refuse('no_pick', 'Make a pick on this prop before making it your lock.');
  if (pick.locked) {
    return refuse('prop_locked', 'This prop has locked, so your lock can no longer change.');
  }
  if (pick.isLock === isLock) return apply([]);
  if (!isLock) return apply([{ propId, isLock: false }]);
  const previous = picks.find((other) => other !== pick && other.isLock);
  if (!previous) return apply([{ propId, isLock: true }]);
  if (previous.locked) {
    return refuse(
      'held_by_locked_pick',
      'Your lock of this round is on a prop that has locked, so it cannot move.',
    );
  }
  return apply([
    { propId: previous.propId, isLock: false },
    { propId, isLock: true },
  ]);
}

/**
 * The updates that make a member's confidences in a round distinct and within 1 to
 * `roundSize` again after the round changed under them (a prop deleted, or moved in or out
 * by a new game date). Locked picks keep theirs; an open pick keeps its own when it is free
 * and in range (the first listed, when two share one), and the others take the lowest free
 * ones, in their old order.
 */
export function renumberConfidences(picks: readonly RoundPick[], roundSize: number): PickUpdate[] {
  const taken = new Set(picks.filter((pick) => pick.locked).map((pick) => pick.confidence));
  const open = picks
    .filter((pick) => !pick.locked)
    .sort((a, b) => (a.confidence ?? Infinity) - (b.confidence ?? Infinity));
  const keeping = new Set<RoundPick>();
  for (const pick of open) {
    const { confidence } = pick;
    if (confidence !== null && confidence <= roundSize && !taken.has(confidence)) {
      taken.add(confidence);
      keeping.add(pick);
    }
  }
  const updates: PickUpdate[] = [];
  let next = 1;
  for (const pick of open.filter((candidate) => !keeping.has(candidate))) {
    while (taken.has(next)) next += 1;
    taken.add(next);
    updates.push({ propId: pick.propId, confidence: next });
  }
  return updates;
}

/** The member's picks with the updates of an accepted change applied. */
export function withUpdates(picks: readonly RoundPick[], updates: readonly PickUpdate[]) {
  return picks.map((pick) => {
    const update = updates.find((candidate) => candidate.propId === pick.propId);
    return update ? { ...pick, ...update } : pick;
  });
}
