import { easternWallTimeOf, easternWallTimeToDate } from './eastern-time';
import { toDate, type DateLike } from './lock-state';
import { namesInProse } from './title-list';

/**
 * Product rules §10 'Rounds': a season is played in weekly rounds, each from Tuesday 00:00
 * to the next Tuesday 00:00 in New York, so a round holds one NFL week (Thursday to Monday
 * night) and its results are in before the next one starts. A week that spans a daylight
 * saving change is 167 or 169 hours long: the boundaries are New York midnights.
 */

export interface Round {
  /** 1 for the week the season started in, then one more per calendar week. */
  index: number;
  label: string;
  startsAt: Date;
  /** The next round's start: a round holds the instants before it. */
  endsAt: Date;
}

const TUESDAY = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A New York calendar day, as a UTC midnight for day arithmetic. */
function easternDayOf(instant: Date): number {
  const wall = easternWallTimeOf(instant);
  return Date.UTC(wall.year, wall.month - 1, wall.day);
}

/** The New York calendar day of the Tuesday that starts the week holding the instant. */
function weekStartDayOf(instant: Date): number {
  const day = easternDayOf(instant);
  const daysSinceTuesday = (new Date(day).getUTCDay() - TUESDAY + 7) % 7;
  return day - daysSinceTuesday * DAY_MS;
}

function easternMidnightOf(utcDay: number): Date {
  const date = new Date(utcDay);
  const midnight = easternWallTimeToDate({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: 0,
    minute: 0,
  });
  // New York changes its clocks at 02:00, so every midnight exists.
  if (!midnight) throw new Error(`No New York midnight on ${date.toISOString()}`);
  return midnight;
}

export const roundLabel = (index: number) => `Week ${index}`;

function roundAt(index: number, startDay: number): Round {
  return {
    index,
    label: roundLabel(index),
    startsAt: easternMidnightOf(startDay),
    endsAt: easternMidnightOf(startDay + 7 * DAY_MS),
  };
}

/**
 * The round of a season holding an instant. An instant before the season's first week (a
 * prop for a game played before the season was started) counts in Week 1.
 */
export function roundOf(seasonStart: Date, instant: Date): Round {
  const firstDay = weekStartDayOf(seasonStart);
  const day = Math.max(firstDay, weekStartDayOf(instant));
  // Both are UTC midnights, so the difference is a whole number of weeks.
  return roundAt(Math.round((day - firstDay) / (7 * DAY_MS)) + 1, day);
}

export interface RoundProp {
  id: number;
  /** Its lock time when it has one: the game's start. */
  gameDate: DateLike;
  createdAt: DateLike;
  /** An option's value, 'N/A' (void), or none while undecided. */
  result: string | null | undefined;
}

/** What places a prop in a round: its game's start, else when it was created. */
export function roundInstantOf(prop: Pick<RoundProp, 'gameDate' | 'createdAt'>): Date | null {
  return toDate(prop.gameDate) ?? toDate(prop.createdAt);
}

export interface RoundSummary extends Round {
  propIds: number[];
  propCount: number;
  /** Every prop of the round is decided or void: its winners can be named. */
  complete: boolean;
}

/**
 * The rounds that hold at least one of the props, in order. Weeks without props are not
 * rounds, and the numbering keeps the calendar (Week 1, Week 3), so that a prop added to
 * an empty week later renumbers nothing. A prop without any date is left out.
 */
export function roundsOfProps(seasonStart: Date, props: readonly RoundProp[]): RoundSummary[] {
  const byIndex = new Map<number, RoundSummary>();
  for (const prop of props) {
    const instant = roundInstantOf(prop);
    if (!instant) continue;
    const round = roundOf(seasonStart, instant);
    const summary = byIndex.get(round.index) ?? {
      ...round,
      propIds: [],
      propCount: 0,
      complete: true,
    };
    summary.propIds.push(prop.id);
    summary.propCount += 1;
    summary.complete &&= prop.result !== null && prop.result !== undefined;
    byIndex.set(round.index, summary);
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/**
 * The rounds that count for a member (product rules §10 'Late joiners'): those with a prop
 * that was still open when they joined, or that they picked. `exempt` says, by round id,
 * how many of a round's props do not count for them.
 */
export function roundsCountingFor<T extends { id: number; propCount: number }>(
  rounds: readonly T[],
  exempt: Readonly<Record<string, number>> | null,
): T[] {
  return rounds.filter((round) => (exempt?.[round.id] ?? 0) < round.propCount);
}

/**
 * The round a page opens on: the one under way at `now`, else the next to come, else the
 * last played; null for a season without rounds.
 */
export function currentRoundOf<T extends Pick<Round, 'endsAt'>>(
  rounds: readonly T[],
  now: Date,
): T | null {
  const time = now.getTime();
  return rounds.find((round) => round.endsAt.getTime() > time) ?? rounds[rounds.length - 1] ?? null;
}

/**
 * A round's winners in words, for the activity feed and the recap push: 'Week 3 winner: Sam
 * (won on the tiebreaker: 47 vs 45)', 'Week 2 winners: Ann and Bo (shared: …)'.
 */
export function roundWinnersText(input: {
  round: string;
  winners: readonly { displayName: string }[];
  decision?: string | undefined;
}): string {
  const noun = input.winners.length === 1 ? 'winner' : 'winners';
  const names = namesInProse(input.winners.map((winner) => winner.displayName));
  const why = input.decision ? ` (${input.decision})` : '';
  return `${input.round} ${noun}: ${names}${why}`;
}
