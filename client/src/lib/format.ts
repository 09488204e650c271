import { builtOnFirstUse } from '@shared/built-on-first-use';

const dateFormat = builtOnFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** A calendar date such as 'Mar 3, 2026'; an unreadable value comes back as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

const dateTimeFormat = builtOnFirstUse(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);

/** A moment such as 'Mar 3, 2026, 7:30 PM' in the viewer's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}
