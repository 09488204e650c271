import type { ReactNode } from 'react';

interface GroupPageLayoutProps {
  /** Leaderboard and activity: above the props on a phone, a side column on a wide screen. */
  aside: ReactNode;
  /** Stats and props. */
  children: ReactNode;
}

/**
 * Spec §2: on small screens the leaderboard and activity sit above the props; on large
 * screens they sit in a side column. The aside comes first in the page so that reading
 * and tab order follow the phone layout, and CSS grid moves it to the right when wide.
 */
export function GroupPageLayout({ aside, children }: GroupPageLayoutProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
      <aside
        aria-label="Standings and activity"
        className="grid min-w-0 gap-6 lg:col-start-3 lg:row-start-1"
      >
        {aside}
      </aside>
      <div className="grid min-w-0 gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
        {children}
      </div>
    </div>
  );
}
