/**
 * An <input type="datetime-local"> works in the viewer's local time without a zone
 * ('2026-03-03T19:30'); the API speaks ISO instants. These convert between the two.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the local 'YYYY-MM-DDTHH:mm' the input shows; '' for none. */
export function toDateTimeLocalValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** What the input holds, read as local time, as an ISO instant; null when empty or unreadable. */
export function fromDateTimeLocalValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
