import { builtOnFirstUse } from '@shared/built-on-first-use';

/**
 * Wall-clock time in America/New_York, the game-time zone (product rules §9), with daylight
 * saving from the runtime's own time-zone data rather than a date library.
 */

export const EASTERN_TIME_ZONE = 'America/New_York';

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

const easternFormat = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: EASTERN_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

export function easternWallTimeOf(instant: Date): Required<WallTime> {
  const parts: Record<string, number> = {};
  for (const part of easternFormat().formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? NaN,
    month: parts.month ?? NaN,
    day: parts.day ?? NaN,
    // Some runtimes write midnight as 24 even with h23.
    hour: (parts.hour ?? NaN) % 24,
    minute: parts.minute ?? NaN,
    second: parts.second ?? NaN,
  };
}

const wallTimeAsUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0);

export function isValidWallTime(wall: WallTime): boolean {
  const values = [wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second ?? 0];
  if (!values.every(Number.isInteger)) return false;
  if (wall.hour > 23 || wall.minute > 59 || (wall.second ?? 0) > 59) return false;
  if (wall.hour < 0 || wall.minute < 0 || (wall.second ?? 0) < 0) return false;
  const date = new Date(wallTimeAsUtc(wall));
  return (
    wall.year >= 1 &&
    date.getUTCFullYear() === wall.year &&
    date.getUTCMonth() === wall.month - 1 &&
    date.getUTCDate() === wall.day
  );
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function easternOffsetAt(instant: number): number {
  const wall = easternWallTimeOf(new Date(instant));
  return wallTimeAsUtc(wall) - Math.floor(instant / 1000) * 1000;
}

const sameWallTime = (a: WallTime, b: WallTime) =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  a.hour === b.hour &&
  a.minute === b.minute &&
  (a.second ?? 0) === (b.second ?? 0);

/**
 * null for an invalid date or a time skipped when clocks spring forward. A time that
 * happens twice when clocks fall back is read as daylight time, as a summer schedule means.
 */
export function easternWallTimeToDate(wall: WallTime): Date | null {
  if (!isValidWallTime(wall)) return null;
  const asUtc = wallTimeAsUtc(wall);
  // A day either side covers both readings around a change.
  const offsets = new Set([asUtc - DAY_MS, asUtc, asUtc + DAY_MS].map(easternOffsetAt));
  const candidates = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => sameWallTime(easternWallTimeOf(new Date(instant)), wall))
    .sort((a, b) => a - b);
  const first = candidates[0];
  return first === undefined ? null : new Date(first);
}

/** null if no such day. */
export function easternStartOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return easternWallTimeToDate({
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: 0,
    minute: 0,
  });
}

/** A 1:00 pm kick-off stays at 1:00 pm across a daylight-saving change. */
export function shiftEasternDays(instant: Date, days: number): Date {
  const wall = easternWallTimeOf(instant);
  const shifted = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  const moved = easternWallTimeToDate({
    ...wall,
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
  // Only a time inside the skipped spring-forward hour has no reading.
  return moved ?? new Date(instant.getTime() + days * DAY_MS);
}
