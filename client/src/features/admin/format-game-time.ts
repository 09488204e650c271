import { EASTERN_TIME_ZONE } from '@shared/domain/eastern-time';
import { builtOnFirstUse } from '@shared/built-on-first-use';

const easternFormat = builtOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: EASTERN_TIME_ZONE,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/**
 * Product rules §2 and §9: New York time marked 'EST' (also in summer), as the operator's
 * sheet is written, whatever the viewer's zone. null when there is no readable date.
 */
export function formatEasternGameTime(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${easternFormat().format(date)} EST`;
}
