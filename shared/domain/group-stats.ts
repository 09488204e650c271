import { lockStateOf, type GroupLockSettings, type PropLockInput } from './lock-state';
import { rankWith } from './ranking';

/**
 * Scoring (product rules §4 'Prop result', §9):
 * - A prop whose result is 'N/A' is void: left out of every count.
 * - On a decided prop a pick is a win when it equals the result, else a loss. No pick is a
 *   loss too: skipping a hard prop must not be rewarded.
 * - A pick on a prop without a result is pending.
 * - A prop already locked when the member joined counts for them only if they picked it.
 * Position: wins, then win rate, descending; equal standings share a position (1, 1, 3).
 */
export const VOID_RESULT = 'N/A';

export function resultLabel(value: string, optionLabel?: string): string {
  return value === VOID_RESULT ? 'N/A (void)' : optionLabel || value;
}

export const PICK_OUTCOMES = ['win', 'loss', 'pending', 'unpicked', 'void', 'exempt'] as const;
export type PickOutcome = (typeof PICK_OUTCOMES)[number];

/**
 * `exempt`: the prop had locked when the member joined (product rules §10 'Late joiners'),
 * so without a pick on it it counts for them neither way.
 */
export function pickOutcomeOf(
  result: string | null | undefined,
  selectedOption: string | null | undefined,
  exempt = false,
): PickOutcome {
  if (result === VOID_RESULT) return 'void';
  const picked = selectedOption !== null && selectedOption !== undefined;
  if (!picked && exempt) return 'exempt';
  if (result === null || result === undefined) return picked ? 'pending' : 'unpicked';
  return picked && selectedOption === result ? 'win' : 'loss';
}

/** Product rules §3 'User prediction': null while the prop has no result or is void. */
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
  pending: number;
  /** On props that are not void. */
  picksMade: number;
}

/** `exempt`: the props that were locked when the member joined. */
export function memberRecordOf(
  props: readonly { id: number; result: string | null }[],
  selections: ReadonlyMap<number, string>,
  exempt: ReadonlySet<number> = new Set(),
): MemberRecord {
  const record: MemberRecord = { wins: 0, losses: 0, pending: 0, picksMade: 0 };
  for (const prop of props) {
    const selected = selections.get(prop.id);
    const outcome = pickOutcomeOf(prop.result, selected, exempt.has(prop.id));
    if (outcome === 'void' || outcome === 'exempt') continue;
    if (selected !== undefined) record.picksMade += 1;
    if (outcome === 'win') record.wins += 1;
    else if (outcome === 'loss') record.losses += 1;
    else if (outcome === 'pending') record.pending += 1;
  }
  return record;
}

/**
 * Said next to each of the spec's two percentages: the same record reads "Win rate 50.0%"
 * on the group page and "Performance 38%" on the home card, and a member must see why.
 */
export const PERCENTAGE_BASIS = {
  winRate: 'out of decided picks',
  performance: 'out of decided and undecided picks',
} as const;

/** Product rules §9, group page: one decimal; 0 when nothing is decided. */
export function winRatePercent(wins: number, losses: number): number {
  const decided = wins + losses;
  return decided === 0 ? 0 : Math.round((wins / decided) * 1000) / 10;
}

/** Product rules §9, group card: correct / (correct + incorrect + undecided), whole percent. */
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

/** The higher win rate first; 0 when equal. */
export function compareWinRates(a: Standing, b: Standing): number {
  // IEEE division is correctly rounded, so equal fractions (1/2, 2/4) compare equal.
  return rateOf(b) - rateOf(a);
}

/** Negative when `a` ranks above `b`, 0 when they share a position. */
export function compareStandings(a: Standing, b: Standing): number {
  if (a.wins !== b.wins) return b.wins - a.wins;
  return compareWinRates(a, b);
}

/** Ties keep input order. */
export function rankLeaderboard<T extends Standing>(
  entries: readonly T[],
): (T & { position: number })[] {
  return rankWith(entries, compareStandings);
}

/** Product rules §3 'Derived stats per group', from the viewer's point of view. */
export interface GroupCardStats {
  totalPicks: number;
  completedPicks: number;
  /** No result, not locked, no pick yet. */
  remainingPicks: number;
  correctPicks: number;
  /** Wrong picks plus decided props the viewer did not pick. */
  incorrectPicks: number;
  undecidedPicks: number;
  percentage: number;
  memberCount: number;
  /** Every member is on the board, so this equals memberCount. */
  totalMembers: number;
  leaderboardPosition: number | null;
  propsWithResults: number;
  totalValidProps: number;
}

/** Shared by the database path and the pure path. */
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

/** The reference the server's SQL is tested against (and the demo group's). Picks by non-members are ignored. */
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

/** Closed before the viewer picked, so 'Picks Remaining' adds up: remaining + picked + missed = all. */
export function missedPropsOf(
  card: Pick<GroupCardStats, 'totalValidProps' | 'totalPicks' | 'remainingPicks'>,
): number {
  return Math.max(0, card.totalValidProps - card.totalPicks - card.remainingPicks);
}

export type GroupCardBox = 'picks_remaining' | 'current_performance' | 'performance' | 'runs_event';

/**
 * Product rules §4 'Group card display'. An unlocked group with nothing to pick and no
 * picks yet shows Picks Remaining (0): there is no performance to show. The operator leads
 * the official events without playing them, so their card says they run it.
 */
export function groupCardDisplayOf(card: {
  isLocked: boolean;
  remainingPicks: number;
  totalPicks: number;
  undecidedPicks: number;
  isOfficial?: boolean;
  isLeader?: boolean;
}): { box: GroupCardBox; showUndecided: boolean } {
  if (card.isOfficial && card.isLeader) return { box: 'runs_event', showUndecided: false };
  if (card.isLocked) return { box: 'performance', showUndecided: card.undecidedPicks > 0 };
  if (card.remainingPicks === 0 && card.totalPicks > 0) {
    return { box: 'current_performance', showUndecided: false };
  }
  return { box: 'picks_remaining', showUndecided: false };
}
