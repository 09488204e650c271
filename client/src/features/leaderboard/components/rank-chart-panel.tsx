import { ChartLine, ChevronDown } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { LoadingState } from '@client/components/ui/loading-state';
import { cn } from '@client/lib/cn';
import { lazyNamed } from '@client/lib/lazy-named';
import { useStandingsHistory } from '../api/standings-history';

/** The charting library loads only for a reader who opens the chart. */
const RankChart = lazyNamed(() => import('./rank-chart'), 'RankChart');

interface HistoryOf {
  groupId: number;
  /** null: the current season. */
  seasonId: number | null;
  viewerId: number;
}

/** Product rules §10 'Seeing the race', under the board, opened on demand. */
export function RankChartPanel({ groupId, seasonId, viewerId }: HistoryOf) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2 border-t border-border pt-2">
      <Button
        type="button"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <ChartLine aria-hidden />
        {open ? 'Hide rank chart' : 'Rank chart'}
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      <div id={panelId}>
        {open ? <History groupId={groupId} seasonId={seasonId} viewerId={viewerId} /> : null}
      </div>
    </div>
  );
}

function History({ groupId, seasonId, viewerId }: HistoryOf) {
  const history = useStandingsHistory(groupId, seasonId);
  if (history.isError) {
    return <p className="text-sm wrap-anywhere text-destructive">{history.error.message}</p>;
  }
  if (history.isPending) return <LoadingState className="py-6" />;
  if (history.data.rounds.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        The chart starts with the season’s first round.
      </p>
    );
  }
  return (
    <Suspense fallback={<LoadingState className="py-6" />}>
      <RankChart history={history.data} viewerId={viewerId} />
    </Suspense>
  );
}
