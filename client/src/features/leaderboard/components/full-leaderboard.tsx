import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionEmpty } from '@client/components/ui/section-card';
import type { LeaderboardEntry } from '@shared/contract/props';
import { useLeaderboardPages } from '../api/leaderboard';
import { StandingsList } from './standings-list';

interface FullLeaderboardProps {
  groupId: number;
  viewerId: number;
  leaderId: number;
  /** Rows already known (the top of the board), shown while the first page loads. */
  placeholder: readonly LeaderboardEntry[] | undefined;
}

/**
 * The whole board, 50 rows at a time (decision 0019): a 1,000-member event does not send
 * 1,000 rows to every member who opens it, only to one who reads that far.
 */
export function FullLeaderboard({
  groupId,
  viewerId,
  leaderId,
  placeholder,
}: FullLeaderboardProps) {
  const query = useLeaderboardPages(groupId);
  if (query.isError) {
    return (
      <SectionEmpty title="Failed to fetch leaderboard">
        <p className="break-words">{query.error.message}</p>
      </SectionEmpty>
    );
  }
  if (query.isPending) {
    return placeholder ? (
      <div className="grid gap-2">
        <StandingsList entries={placeholder} viewerId={viewerId} leaderId={leaderId} />
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
      <StandingsList entries={entries} viewerId={viewerId} leaderId={leaderId} />
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
