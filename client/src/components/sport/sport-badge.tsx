import { cn } from '@client/lib/cn';
import { sportDisplayOf } from '@client/lib/sport-display';

/** The sport's colour and icon, always with its name (colour never carries it alone). */
export function SportBadge({ sport, className }: { sport: string; className?: string }) {
  const { name, icon: Icon, badgeClassName } = sportDisplayOf(sport);
  return (
    <span
      className={cn(
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
