/**
 * How a range calendar answers a click on a day, as the best booking calendars do: the
 * first click sets the start, the second the end; a click on the start again clears it; a
 * click before the start moves the start; a click after a complete range starts a new one.
 * A one-day range is always chosen on purpose (the caller offers it), never by accident.
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
  if (sameDay(day, from)) return undefined;
  if (day < from) return { from: day, to: undefined };
  return { from, to: day };
}

/** A start without an end: not yet a range anything can be counted or imported for. */
export function isHalfRange(range: DayRange | undefined): boolean {
  return Boolean(range?.from) && !range?.to;
}
