/**
 * A click on a day, as booking calendars answer it: the first sets the start, the second the
 * end; a second click on the start makes a one-day range; a click before the start moves
 * it; a click after a complete range starts a new one.
 */
export interface DayRange {
  from: Date | undefined;
  to?: Date | undefined;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

export function nextRange(current: DayRange | undefined, day: Date): DayRange | undefined {
  const from = current?.from;
  if (!from || current.to) return { from: day, to: undefined };
  if (sameDay(day, from)) return { from, to: from };
  if (day < from) return { from: day, to: undefined };
  return { from, to: day };
}

export function isHalfRange(range: DayRange | undefined): boolean {
  return Boolean(range?.from) && !range?.to;
}
