import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useMediaQuery, WIDE_SCREEN } from '@client/lib/use-media-query';

interface GroupPageLayoutProps {
  /** Leaderboard and activity: above the props on a phone, a side column on a wide screen. */
  aside: ReactNode;
  /** What a phone shows of them at first (the viewer's place, the top three). */
  compactAside?: ReactNode;
  /** Stats and props. */
  children: ReactNode;
}

/**
 * Product rules §2: on small screens the leaderboard and activity sit above the props; on large
 * screens they sit in a side column. The aside comes first in the page so that reading
 * and tab order follow the phone layout, and CSS grid moves it to the right when wide.
 * On a phone it starts compact (decision 0016), with a button for the full cards.
 */
export function GroupPageLayout({ aside, compactAside, children }: GroupPageLayoutProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [expanded, setExpanded] = useState(false);
  const fullId = useId();
  const compact = compactAside !== undefined && !wide;
  return (
    <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
      <aside
        aria-label="Standings and activity"
        className="grid min-w-0 gap-4 lg:col-start-3 lg:row-start-1 lg:gap-6"
      >
        {compact ? (
          <>
            {compactAside}
            <Button
              type="button"
              variant="outline"
              aria-expanded={expanded}
              aria-controls={fullId}
              onClick={() => {
                setExpanded((value) => !value);
              }}
            >
              <ChevronDown className={cn(expanded && 'rotate-180')} aria-hidden />
              {expanded ? 'Hide full leaderboard and activity' : 'Full leaderboard and activity'}
            </Button>
          </>
        ) : null}
        {/* Always mounted (hidden while compact), so a dialog opened from it survives a
            rotation between the two layouts. */}
        <div id={fullId} hidden={compact && !expanded} className="grid gap-4 lg:gap-6">
          {aside}
        </div>
      </aside>
      <div className="grid min-w-0 gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
        {children}
      </div>
    </div>
  );
}
