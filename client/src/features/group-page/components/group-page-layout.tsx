import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useMediaQuery, WIDE_SCREEN } from '@client/lib/use-media-query';

interface GroupPageLayoutProps {
  aside: ReactNode;
  /** What a phone shows at first (the viewer's place, the top three). */
  compactAside?: ReactNode;
  children: ReactNode;
}

/**
 * Product rules §2: leaderboard and activity above the props on a phone, a side column when
 * wide. The aside comes first so reading and tab order follow the phone layout.
 */
export function GroupPageLayout({ aside, compactAside, children }: GroupPageLayoutProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [expanded, setExpanded] = useState(false);
  const fullId = useId();
  const compact = compactAside !== undefined && !wide;
  return (
    <div className="grid gap-4 lg:grid-cols-3 lg:items-start lg:gap-6">
      <aside
        aria-label="Standings and activity"
        className="grid min-w-0 gap-4 lg:col-start-3 lg:row-start-1 lg:gap-6"
      >
        {compact ? (
          // One line: the first open prop stays on a phone's first screen.
          <div className="flex min-h-14 items-center gap-2 rounded-xl border border-border bg-card py-1 pr-1 pl-4 shadow-sm">
            {compactAside}
            <Button
              type="button"
              variant="ghost"
              className="shrink-0 px-2"
              aria-label={
                expanded ? 'Hide full leaderboard and activity' : 'Full leaderboard and activity'
              }
              aria-expanded={expanded}
              aria-controls={fullId}
              onClick={() => {
                setExpanded((value) => !value);
              }}
            >
              {expanded ? 'Hide' : 'Full leaderboard'}
              <ChevronDown className={cn(expanded && 'rotate-180')} aria-hidden />
            </Button>
          </div>
        ) : null}
        {/* Always mounted, so a dialog opened from it survives a rotation. */}
        <div id={fullId} hidden={compact && !expanded} className="grid gap-4 lg:gap-6">
          {aside}
        </div>
      </aside>
      <div className="grid min-w-0 gap-4 lg:col-span-2 lg:gap-6 lg:col-start-1 lg:row-start-1">
        {children}
      </div>
    </div>
  );
}
