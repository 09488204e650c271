/**
 * Dates and times in US English and the viewer's zone, written out from the date's own
 * fields: the first `Intl` date formatter a page builds loads the locale data, blocking the
 * group page's first screen. format.test.ts checks the words against Intl.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const shortMonth = (date: Date) => MONTHS[date.getMonth()] ?? '';

export const monthDay = (date: Date) => `${shortMonth(date)} ${date.getDate()}`;

export const calendarDate = (date: Date) => `${monthDay(date)}, ${date.getFullYear()}`;

export const weekdayDate = (date: Date) => `${WEEKDAYS[date.getDay()]}, ${monthDay(date)}`;

export function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Mar 3, 2026'; an unreadable value comes back as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date);
}

/** 'Mar 3, 2026, 7:30 PM'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${calendarDate(date)}, ${clockTime(date)}`;
}
