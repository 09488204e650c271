import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionEmpty } from '@client/components/ui/section-card';
import type { LeaderboardEntry } from '@shared/contract/props';
import { useLeaderboardPages, type BoardScope } from '../api/leaderboard';
import { StandingsList } from './standings-list';

interface FullLeaderboardProps {
  groupId: number;
  scope?: BoardScope;
  beforeDrop?: boolean;
  viewerId: number;
  leaderId: number;
  /** Shown while the first page loads. */
  placeholder: readonly LeaderboardEntry[] | undefined;
}

/** A page at a time: a 1,000-member event sends every row only to one who reads that far. */
export function FullLeaderboard({
  groupId,
  scope,
  beforeDrop = false,
  viewerId,
  leaderId,
  placeholder,
}: FullLeaderboardProps) {
  const query = useLeaderboardPages(groupId, scope);
  if (query.isError) {
    return (
      <SectionEmpty title="Failed to fetch leaderboard">
        <p className="wrap-anywhere">{query.error.message}</p>
      </SectionEmpty>
    );
  }
  if (query.isPending) {
    return placeholder ? (
      <div className="grid gap-2">
        <StandingsList
          entries={placeholder}
          viewerId={viewerId}
          leaderId={leaderId}
          beforeDrop={beforeDrop}
        />
        <LoadingState className="py-2" />
      </div>
    ) : (
      <LoadingState className="py-6" />
    );
  }
  const entries = query.data.pages.flatMap((page) => page.entries);
  const total = query.data.pages.at(-1)?.total ?? entries.length;
  return (
    <div className="grid gap-2">
      <StandingsList
        entries={entries}
        viewerId={viewerId}
        leaderId={leaderId}
        beforeDrop={beforeDrop}
      />
      {query.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          disabled={query.isFetchingNextPage}
          onClick={() => {
            void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? 'Loading...' : `Show more (${entries.length} of ${total})`}
        </Button>
      ) : null}
    </div>
  );
}
