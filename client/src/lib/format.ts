/**
 * Dates and times as the app shows them, in US English and the viewer's time zone, written
 * out from the date's own fields rather than with `Intl.DateTimeFormat`: the first `Intl`
 * date formatter a page builds loads the runtime's locale data, 30 – 70 ms of blocking
 * script on the group page's first screen (its activity times; decision 0031). The words
 * are Intl's for en-US, checked against it by format.test.ts.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Mar'. */
export const shortMonth = (date: Date) => MONTHS[date.getMonth()] ?? '';

/** 'Mar 3'. */
export const monthDay = (date: Date) => `${shortMonth(date)} ${date.getDate()}`;

/** 'Mar 3, 2026'. */
export const calendarDate = (date: Date) => `${monthDay(date)}, ${date.getFullYear()}`;

/** 'Tuesday, Mar 3'. */
export const weekdayDate = (date: Date) => `${WEEKDAYS[date.getDay()]}, ${monthDay(date)}`;

/** '7:30 PM'. */
export function clockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A calendar date such as 'Mar 3, 2026'; an unreadable value comes back as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date);
}

/** A moment such as 'Mar 3, 2026, 7:30 PM' in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${calendarDate(date)}, ${clockTime(date)}`;
}
