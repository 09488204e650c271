import { lockStateOf, type GroupLockSettings, type PropLockInput } from './lock-state';

/**
 * Scoring, decided once and used everywhere (group cards, the stats card, the leaderboard;
 * the props issue reuses it):
 * - A prop whose result is 'N/A' is void: it is left out of every count, as if it did not
 *   exist (product rules §4 'Prop result', §9 'Group card percentage').
 * - On a prop with a real result, a member's pick is a win when selectedOption equals the
 *   result, otherwise a loss. A member who made no pick on it also takes a loss: product rules §4
 *   shows such props in the red 'lost' styling, and a pool where skipping a hard prop
 *   costs nothing would reward not playing.
 * - A pick on a prop without a result is pending (undecided).
 * - Late joiners (decision 0013): a prop that was already locked when the member joined
 *   counts for them only if they picked it, so a prop decided before they came is no loss.
 * So within one group wins + losses = the decided props that count for the member.
 *
 * Leaderboard position: wins descending, then win rate descending; equal standings share
 * a position and the next one skips (1, 1, 3).
 */
export const VOID_RESULT = 'N/A';

/** How a result reads to a person: the void spelled out, else its option's label. */
export function resultLabel(value: string, optionLabel?: string): string {
  return value === VOID_RESULT ? 'N/A (void)' : optionLabel || value;
}

export const PICK_OUTCOMES = ['win', 'loss', 'pending', 'unpicked', 'void'] as const;
export type PickOutcome = (typeof PICK_OUTCOMES)[number];

export function pickOutcomeOf(
  result: string | null | undefined,
  selectedOption: string | null | undefined,
): PickOutcome {
  if (result === VOID_RESULT) return 'void';
  const picked = selectedOption !== null && selectedOption !== undefined;
  if (result === null || result === undefined) return picked ? 'pending' : 'unpicked';
  return picked && selectedOption === result ? 'win' : 'loss';
}

/**
 * A pick's isCorrect (product rules §3 'User prediction'): true or false once its prop is decided,
 * null while the prop has no result or is void.
 */
export function isCorrectOf(
  result: string | null | undefined,
  selectedOption: string | null | undefined,
): boolean | null {
  const outcome = pickOutcomeOf(result, selectedOption);
  if (outcome === 'win') return true;
  if (outcome === 'loss') return false;
  return null;
}

export interface MemberRecord {
  wins: number;
  losses: number;
  /** Picks on props that have no result yet. */
  pending: number;
  /** Picks made on props that are not void. */
  picksMade: number;
}

/**
 * One member's record over a group's props; `selections` maps prop id to the chosen option,
 * `exempt` holds the props that were locked when the member joined.
 */
export function memberRecordOf(
  props: readonly { id: number; result: string | null }[],
  selections: ReadonlyMap<number, string>,
  exempt: ReadonlySet<number> = new Set(),
): MemberRecord {
  const record: MemberRecord = { wins: 0, losses: 0, pending: 0, picksMade: 0 };
  for (const prop of props) {
    const selected = selections.get(prop.id);
    if (selected === undefined && exempt.has(prop.id)) continue;
    const outcome = pickOutcomeOf(prop.result, selected);
    if (outcome === 'void') continue;
    if (selected !== undefined) record.picksMade += 1;
    if (outcome === 'win') record.wins += 1;
    else if (outcome === 'loss') record.losses += 1;
    else if (outcome === 'pending') record.pending += 1;
  }
  return record;
}

/**
 * What each of the spec's two percentages is out of, said next to it wherever it shows
 * (decision 0023): the same record reads "Win rate 50.0%" on the group page and
 * "Performance 38%" on the home card, and a member must be able to see why.
 */
export const PERCENTAGE_BASIS = {
  /** winRatePercent: only props with a result. */
  winRate: 'out of decided picks',
  /** cardPercentage: undecided picks count as not (yet) right. */
  performance: 'out of decided and undecided picks',
} as const;

/** Product rules §9, group page: wins / (wins + losses) as a percentage with one decimal; 0 when nothing is decided. */
export function winRatePercent(wins: number, losses: number): number {
  const decided = wins + losses;
  return decided === 0 ? 0 : Math.round((wins / decided) * 1000) / 10;
}

/**
 * Product rules §9, group card: correct / (correct + incorrect + undecided), rounded to a whole
 * percentage; 0 when nothing is decided yet (void props are already left out of the counts).
 */
export function cardPercentage(counts: {
  correctPicks: number;
  incorrectPicks: number;
  undecidedPicks: number;
}): number {
  const decided = counts.correctPicks + counts.incorrectPicks;
  if (decided === 0) return 0;
  return Math.round((counts.correctPicks / (decided + counts.undecidedPicks)) * 100);
}

export interface Standing {
  wins: number;
  losses: number;
}

const rateOf = (entry: Standing) => {
  const decided = entry.wins + entry.losses;
  return decided === 0 ? 0 : entry.wins / decided;
};

/** Negative when `a` ranks above `b`, 0 when they share a position. */
export function compareStandings(a: Standing, b: Standing): number {
  if (a.wins !== b.wins) return b.wins - a.wins;
  // IEEE division is correctly rounded, so equal fractions (1/2, 2/4) compare equal.
  return rateOf(b) - rateOf(a);
}

/** Entries best first, each with its shared-on-ties position (1, 1, 3). Ties keep input order. */
export function rankLeaderboard<T extends Standing>(
  entries: readonly T[],
): (T & { position: number })[] {
  const sorted = [...entries].sort(compareStandings);
  const ranked: (T & { position: number })[] = [];
  sorted.forEach((entry, index) => {
    const previous = ranked[index - 1];
    const position =
      previous && compareStandings(previous, entry) === 0 ? previous.position : index + 1;
    ranked.push({ ...entry, position });
  });
  return ranked;
}

/** Product rules §3 'Derived stats per group', from the viewer's point of view. */
export interface GroupCardStats {
  /** Picks the viewer made on props that are not void. */
  totalPicks: number;
  /** Decided props: correctPicks + incorrectPicks. */
  completedPicks: number;
  /** Props the viewer can still pick: no result, not locked, no pick yet. */
  remainingPicks: number;
  correctPicks: number;
  /** Wrong picks plus decided props the viewer did not pick (see the scoring rule above). */
  incorrectPicks: number;
  /** The viewer's picks on props without a result. */
  undecidedPicks: number;
  /** cardPercentage of the above. */
  percentage: number;
  memberCount: number;
  /** Entries on the leaderboard: every member is on it, so this equals memberCount. */
  totalMembers: number;
  /** null when the viewer is not a member. */
  leaderboardPosition: number | null;
  /** Props with a real (not void) result. */
  propsWithResults: number;
  /** Props that are not void. */
  totalValidProps: number;
}

/** The one mapping from counts to card stats, shared by the database path and the pure path. */
export function cardStatsFromCounts(counts: {
  record: MemberRecord;
  remainingPicks: number;
  propsWithResults: number;
  totalValidProps: number;
  memberCount: number;
  leaderboardPosition: number | null;
}): GroupCardStats {
  const { record } = counts;
  return {
    totalPicks: record.picksMade,
    completedPicks: record.wins + record.losses,
    remainingPicks: counts.remainingPicks,
    correctPicks: record.wins,
    incorrectPicks: record.losses,
    undecidedPicks: record.pending,
    percentage: cardPercentage({
      correctPicks: record.wins,
      incorrectPicks: record.losses,
      undecidedPicks: record.pending,
    }),
    memberCount: counts.memberCount,
    totalMembers: counts.memberCount,
    leaderboardPosition: counts.leaderboardPosition,
    propsWithResults: counts.propsWithResults,
    totalValidProps: counts.totalValidProps,
  };
}

export interface StatsProp extends PropLockInput {
  id: number;
  result: string | null;
}

export interface StatsPick {
  userId: number;
  propId: number;
  selectedOption: string;
}

/**
 * A group card's stats from plain data (the demo group, and the reference the server's
 * SQL is tested against). Picks by people outside memberIds are ignored.
 */
export function groupCardStatsOf(input: {
  group: GroupLockSettings;
  props: readonly StatsProp[];
  picks: readonly StatsPick[];
  memberIds: readonly number[];
  viewerId: number;
  now: Date;
}): GroupCardStats {
  const selectionsByMember = new Map<number, Map<number, string>>(
    input.memberIds.map((id) => [id, new Map()]),
  );
  for (const pick of input.picks) {
    selectionsByMember.get(pick.userId)?.set(pick.propId, pick.selectedOption);
  }
  const standings = [...selectionsByMember].map(([userId, selections]) => ({
    userId,
    ...memberRecordOf(input.props, selections),
  }));
  const viewerSelections = selectionsByMember.get(input.viewerId) ?? new Map<number, string>();
  const record = memberRecordOf(input.props, viewerSelections);
  const viewerRank = rankLeaderboard(standings).find((entry) => entry.userId === input.viewerId);
  const validProps = input.props.filter((prop) => prop.result !== VOID_RESULT);
  return cardStatsFromCounts({
    record,
    remainingPicks: validProps.filter(
      (prop) => !viewerSelections.has(prop.id) && !lockStateOf(prop, input.group, input.now).locked,
    ).length,
    propsWithResults: validProps.filter((prop) => prop.result !== null).length,
    totalValidProps: validProps.length,
    memberCount: input.memberIds.length,
    leaderboardPosition: viewerRank?.position ?? null,
  });
}

export type GroupCardBox = 'picks_remaining' | 'current_performance' | 'performance';

/**
 * Product rules §4 'Group card display': a locked group shows Performance (plus Undecided when any
 * picks are still undecided); an unlocked one shows Picks Remaining while props are left to
 * pick, or Current Performance once every pick is in (at least one). An unlocked group with
 * nothing to pick and no picks yet shows Picks Remaining (0): there is no performance to show.
 */
export function groupCardDisplayOf(card: {
  isLocked: boolean;
  remainingPicks: number;
  totalPicks: number;
  undecidedPicks: number;
}): { box: GroupCardBox; showUndecided: boolean } {
  if (card.isLocked) return { box: 'performance', showUndecided: card.undecidedPicks > 0 };
  if (card.remainingPicks === 0 && card.totalPicks > 0) {
    return { box: 'current_performance', showUndecided: false };
  }
  return { box: 'picks_remaining', showUndecided: false };
}
