import { ChevronDown, Medal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { LeaderboardEntry } from '@shared/contract/props';
import type { Season } from '@shared/contract/seasons';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { useLeaderboardTop, type LeaderboardPage } from '../api/leaderboard';
import { useMemberStats } from '../api/member-stats';
import {
  hasFullLeaderboardToggle,
  LEADERBOARD_PREVIEW_ROWS,
  viewerEntryOf,
  viewerRowBeyond,
} from '../visible-rows';
import { useBoardChoice } from '@client/lib/board-choice';
import { useRounds } from '@client/lib/rounds-query';
import { boardScopeOf, boardViewOf } from '../board-view';
import { useSeasons } from '../api/seasons';
import { ArchivedSeasonNote, BoardOutcome, BoardSwitcher, SeasonSwitcher } from './board-switcher';
import { FullLeaderboard } from './full-leaderboard';
import { RankChartPanel } from './rank-chart-panel';
import { StandingsHeader, StandingsList } from './standings-list';

interface LeaderboardCardProps {
  groupId: number;
  viewer: { id: number; displayName: string };
  leaderId: number;
  /** Product rules §10 'Drop-worst': the season board shows the total before the drop too. */
  dropWorstRounds: number;
}

const NO_SEASONS: readonly Season[] = [];

/**
 * It asks only for what it shows: the top rows and the board's size, the viewer's row from
 * their stats card, the rest a page at a time once Full Leaderboard is opened. The board is
 * the round under way's unless another round or the season is chosen.
 */
export function LeaderboardCard({
  groupId,
  viewer,
  leaderId,
  dropWorstRounds,
}: LeaderboardCardProps) {
  const [choice, choose] = useBoardChoice();
  const rounds = useRounds(groupId, choice.seasonId);
  // The round a page opens on is judged when it opens: the board does not change under
  // the reader when a week ends.
  const [now] = useState(() => new Date());
  const view = boardViewOf(choice, rounds.data, now);
  const scope = view ? boardScopeOf(view) : {};
  const top = useLeaderboardTop(groupId, scope, view !== undefined);
  const stats = useMemberStats(groupId);
  const onCurrentSeason = view?.kind === 'season' && view.seasonId === null;
  const seasons = useSeasons(groupId).data ?? NO_SEASONS;
  const archived = seasons.find((season) => season.id === choice.seasonId && season.endedAt);
  return (
    <LeaderboardCardView
      key={JSON.stringify(scope)}
      top={top.data}
      viewerRow={onCurrentSeason ? viewerEntryOf(stats.data, viewer) : null}
      error={top.isError ? top.error : rounds.isError ? rounds.error : null}
      viewerId={viewer.id}
      leaderId={leaderId}
      beforeDrop={view?.kind === 'season' && dropWorstRounds > 0}
      switcher={
        <div className="flex flex-wrap gap-2">
          {seasons.length > 1 ? (
            <SeasonSwitcher
              seasons={seasons}
              seasonId={choice.seasonId}
              onChoose={(seasonId) => {
                choose({ seasonId, board: 'current' });
              }}
            />
          ) : null}
          {view ? (
            <BoardSwitcher
              rounds={rounds.data ?? []}
              view={view}
              onChoose={(board) => {
                choose({ ...choice, board });
              }}
            />
          ) : null}
        </div>
      }
      outcome={
        view ? (
          <>
            {archived ? <ArchivedSeasonNote season={archived} /> : null}
            <BoardOutcome view={view} rounds={rounds.data} top={top.data} />
          </>
        ) : null
      }
      chart={<RankChartPanel groupId={groupId} seasonId={choice.seasonId} viewerId={viewer.id} />}
      fullBoard={
        <FullLeaderboard
          groupId={groupId}
          scope={scope}
          viewerId={viewer.id}
          leaderId={leaderId}
          beforeDrop={view?.kind === 'season' && dropWorstRounds > 0}
          placeholder={top.data?.entries}
        />
      }
    />
  );
}

interface LeaderboardCardViewProps {
  /** undefined while loading. */
  top: LeaderboardPage | undefined;
  /** null when they do not play. */
  viewerRow?: LeaderboardEntry | null;
  error?: Error | null;
  viewerId: number;
  leaderId: number;
  /** Show each member's points before dropped rounds. */
  beforeDrop?: boolean;
  /** Chooses the round or the season. */
  switcher?: ReactNode;
  /** The chosen round's winners, or the season's weekly winners. */
  outcome?: ReactNode;
  /** Mounted only while expanded. */
  fullBoard: ReactNode;
  /** The rank chart, under the board. */
  chart?: ReactNode;
}

/**
 * Product rules §2: 5 rows first, then the whole board; positions shared on ties. A viewer
 * below the top rows sees their own row beneath them.
 */
export function LeaderboardCardView({
  top,
  viewerRow,
  error,
  viewerId,
  leaderId,
  beforeDrop = false,
  switcher,
  outcome,
  fullBoard,
  chart,
}: LeaderboardCardViewProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();

  return (
    <SectionCard title="Leaderboard" icon={Medal} action={switcher}>
      {error ? (
        <SectionEmpty title="Failed to fetch leaderboard">
          <p className="wrap-anywhere">{error.message}</p>
        </SectionEmpty>
      ) : top === undefined ? (
        <LoadingState className="py-6" />
      ) : (
        <div className="grid gap-2">
          {outcome}
          <StandingsHeader entries={top.entries} />
          <div id={listId}>
            {expanded ? (
              fullBoard
            ) : (
              <TopStandings
                entries={top.entries}
                viewerRow={viewerRow}
                viewerId={viewerId}
                leaderId={leaderId}
                beforeDrop={beforeDrop}
              />
            )}
          </div>
          {hasFullLeaderboardToggle(top.total) ? (
            <Button
              type="button"
              variant="ghost"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => {
                setExpanded((value) => !value);
              }}
            >
              <ChevronDown
                className={cn('transition-transform', expanded && 'rotate-180')}
                aria-hidden
              />
              {expanded
                ? `Show Top ${LEADERBOARD_PREVIEW_ROWS}`
                : `Full Leaderboard (${top.total} total)`}
            </Button>
          ) : null}
          {chart}
        </div>
      )}
    </SectionCard>
  );
}

function TopStandings({
  entries,
  viewerRow,
  viewerId,
  leaderId,
  beforeDrop,
}: {
  entries: readonly LeaderboardEntry[];
  viewerRow: LeaderboardEntry | null | undefined;
  viewerId: number;
  leaderId: number;
  beforeDrop: boolean;
}) {
  const rows = entries.slice(0, LEADERBOARD_PREVIEW_ROWS);
  const ownRow = viewerRowBeyond(rows, viewerRow);
  return (
    <>
      <StandingsList
        entries={rows}
        viewerId={viewerId}
        leaderId={leaderId}
        beforeDrop={beforeDrop}
      />
      {ownRow ? (
        <>
          <p className="py-0.5 text-center text-muted-foreground" aria-hidden>
            ⋯
          </p>
          <StandingsList
            entries={[ownRow]}
            viewerId={viewerId}
            leaderId={leaderId}
            beforeDrop={beforeDrop}
            label="Your place"
          />
        </>
      ) : null}
    </>
  );
}
