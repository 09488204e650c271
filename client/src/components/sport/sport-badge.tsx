import { clsx } from 'clsx';
import { sportDisplayOf } from '@client/lib/sport-display';

/**
 * Always with the sport's name (colour never carries it alone). Classes are joined, not
 * merged: the landing shows it without tailwind-merge.
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
