import { clsx } from 'clsx';
import { sportDisplayOf } from '@client/lib/sport-display';

/**
 * The sport's colour and icon, always with its name (colour never carries it alone).
 * `className` places the badge; its classes are joined, not merged, since the landing's
 * preview shows it without tailwind-merge (decision 0030).
 */
export function SportBadge({ sport, className }: { sport: string; className?: string }) {
  const { name, icon: Icon, badgeClassName } = sportDisplayOf(sport);
  return (
    <span
      className={clsx(
        'inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold',
        badgeClassName,
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{name}</span>
    </span>
  );
}
