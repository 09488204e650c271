/**
 * Product rules §10 'Pot': where a group tracks payment, the pot is the entry amount times
 * the members marked paid. Weekly prizes are paid out of it, and what is left is split by
 * place as the season board stands ("projected": if the season ended now). Every amount is
 * whole cents; a split that does not divide evenly gives its leftover cents one each to the
 * higher places first, then, among tied members, to those listed first (decision 0097).
 */

export const MAX_PAID_PLACES = 10;

/** Why a payout split (percent per place, first place first) is refused, or null. */
export function payoutSplitProblem(split: readonly number[]): string | null {
  if (split.length < 1 || split.length > MAX_PAID_PLACES) {
    return `A payout split pays 1 to ${MAX_PAID_PLACES} places.`;
  }
  if (!split.every((share) => Number.isInteger(share) && share >= 1 && share <= 100)) {
    return "Each place's share must be a whole percentage from 1 to 100.";
  }
  if (split.some((share, place) => place > 0 && share > (split[place - 1] ?? 0))) {
    return 'A place cannot be paid more than the place above it.';
  }
  const total = split.reduce((sum, share) => sum + share, 0);
  if (total !== 100) return `The places' shares must add up to 100% (they add up to ${total}%).`;
  return null;
}

export function potCents(entryCents: number, paidMembers: number): number {
  return entryCents * paidMembers;
}

/**
 * `cents` split into `count` whole-cent parts as equal as can be, the leftover cents one
 * each to the first parts.
 */
export function splitEvenly(cents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(cents / count);
  const leftover = cents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < leftover ? 1 : 0));
}

/** Each paid place's amount, first place first; they add up to the pool exactly. */
export function placeAmounts(poolCents: number, split: readonly number[]): number[] {
  const amounts = split.map((share) => Math.floor((poolCents * share) / 100));
  // Each place lost less than a cent, so the leftover is fewer cents than places.
  const leftover = poolCents - amounts.reduce((sum, amount) => sum + amount, 0);
  return amounts.map((amount, place) => amount + (place < leftover ? 1 : 0));
}

/**
 * Each ranked member's projected payout: members tied at a position share the amounts of
 * the places they cover (two tied for 2nd share 2nd and 3rd) evenly. Ranked best first.
 */
export function projectedPayouts<T extends { position: number }>(
  ranked: readonly T[],
  poolCents: number,
  split: readonly number[],
): (T & { payoutCents: number })[] {
  const amounts = placeAmounts(poolCents, split);
  const payouts: (T & { payoutCents: number })[] = [];
  for (let start = 0; start < ranked.length;) {
    const position = ranked[start]!.position;
    let end = start;
    while (end < ranked.length && ranked[end]!.position === position) end += 1;
    const shared = amounts.slice(start, end).reduce((sum, amount) => sum + amount, 0);
    const shares = splitEvenly(shared, end - start);
    ranked.slice(start, end).forEach((entry, index) => {
      payouts.push({ ...entry, payoutCents: shares[index] ?? 0 });
    });
    start = end;
  }
  return payouts;
}

/**
 * The weekly prizes won so far: each completed round's prize split evenly among its
 * winners (listed in the board's order). Rounds without winners pay nothing.
 */
export function weeklyPrizesWon(
  weeklyPrizeCents: number,
  roundWinners: readonly (readonly number[])[],
): { totalCents: number; byMember: Map<number, number> } {
  const byMember = new Map<number, number>();
  let totalCents = 0;
  for (const winners of roundWinners) {
    splitEvenly(weeklyPrizeCents, winners.length).forEach((cents, index) => {
      const userId = winners[index]!;
      byMember.set(userId, (byMember.get(userId) ?? 0) + cents);
      totalCents += cents;
    });
  }
  return { totalCents, byMember };
}

export interface PotSummary<T> {
  potCents: number;
  weeklyPrizesCents: number;
  /** What the season's places share: the pot less the weekly prizes won, never below 0. */
  seasonPoolCents: number;
  payouts: (T & { payoutCents: number })[];
}

export function potSummaryOf<T extends { position: number }>(input: {
  entryCents: number;
  paidMembers: number;
  weeklyPrizeCents: number;
  roundWinners: readonly (readonly number[])[];
  split: readonly number[];
  /** The season board, best first. */
  ranked: readonly T[];
}): PotSummary<T> {
  const pot = potCents(input.entryCents, input.paidMembers);
  const weekly = weeklyPrizesWon(input.weeklyPrizeCents, input.roundWinners).totalCents;
  const seasonPoolCents = Math.max(0, pot - weekly);
  return {
    potCents: pot,
    weeklyPrizesCents: weekly,
    seasonPoolCents,
    payouts: projectedPayouts(input.ranked, seasonPoolCents, input.split),
  };
}

/** Whole cents as dollars: 123456 → '$1,234.56', -5 → '-$0.05'. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  const dollars = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${(absolute % 100).toString().padStart(2, '0')}`;
}
