import { calendarDate } from '@client/lib/format';

/**
 * The API reads a 'YYYY-MM-DD' day in New York time (the games' zone), so a day is sent as
 * the digits the viewer clicked, never through UTC.
 */

/** Product rules §9: the range starts today and ends 7 days later. */
export const DEFAULT_RANGE_DAYS = 7;

export function defaultImportRange(now: Date): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + DEFAULT_RANGE_DAYS);
  return { from, to };
}

const pad = (value: number) => String(value).padStart(2, '0');

export function calendarDayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function describeRange(range: { from?: Date | undefined; to?: Date | undefined }): string {
  if (!range.from) return 'No dates chosen';
  if (!range.to) return `From ${calendarDate(range.from)}: now choose the last day`;
  if (calendarDayOf(range.from) === calendarDayOf(range.to)) {
    return `${calendarDate(range.from)} only`;
  }
  return `${calendarDate(range.from)} – ${calendarDate(range.to)}`;
}
