import { RefreshCw, Radio } from 'lucide-react';
import type { ScoresFeedStatus } from '@shared/contract/games';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LoadingState } from '@client/components/ui/loading-state';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { usePollNow, useScoresFeed } from '../api/scores-feed';

/** Product rules §4 'Game-linked props'. */
export function ScoresFeedCard() {
  const feed = useScoresFeed();
  const poll = usePollNow();
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Radio className="size-6" aria-hidden />
        </span>
        <div className="grid flex-1 gap-1">
          <h2 className="text-lg leading-tight font-bold">Scores feed</h2>
          <p className="text-sm text-muted-foreground">
            Games and final scores that grade linked props automatically.
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          className="w-full sm:w-auto"
          pending={poll.isPending}
          disabled={feed.data?.enabled === false}
          onClick={() => {
            poll.mutate(undefined, {
              onSuccess: () => {
                toast({ title: 'Poll queued', description: 'The feed is being read now.' });
              },
              onError: (error) => {
                toast({
                  title: 'Failed to poll',
                  description: errorMessage(error),
                  variant: 'destructive',
                });
              },
            });
          }}
        >
          <RefreshCw aria-hidden />
          Poll now
        </Button>
      </div>
      {feed.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The feed's state could not be loaded: {errorMessage(feed.error)}
        </p>
      ) : feed.data ? (
        <FeedDetails status={feed.data} />
      ) : (
        <LoadingState className="py-2" />
      )}
    </Card>
  );
}

const STATE_WORDS = { ok: 'OK', unreachable: 'Unreachable', never: 'Not polled yet' } as const;

function FeedDetails({ status }: { status: ScoresFeedStatus }) {
  if (!status.enabled) {
    return (
      <p className="text-sm text-muted-foreground">
        The feed is off (SCORES_FEED=off): nothing is fetched or graded automatically.
      </p>
    );
  }
  return (
    <div className="grid gap-3 text-sm">
      <ul aria-label="Sports" className="grid gap-1">
        {status.sports.map((sport) => (
          <li key={sport.sport} className="flex flex-wrap gap-x-2">
            <span className="w-14 font-semibold">{sport.sport}</span>
            <span className={sport.state === 'unreachable' ? 'font-semibold text-destructive' : ''}>
              {STATE_WORDS[sport.state]}
            </span>
            <span className="text-muted-foreground">
              {sport.lastSuccessAt
                ? `last good poll ${formatDateTime(sport.lastSuccessAt)}`
                : 'no good poll yet'}
            </span>
            {sport.lastError ? (
              <span className="basis-full text-destructive wrap-anywhere">
                Last error{sport.lastErrorAt ? ` (${formatDateTime(sport.lastErrorAt)})` : ''}:{' '}
                {sport.lastError}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <span className="font-semibold">Waiting to be graded: </span>
        {status.waiting.length === 0
          ? 'none'
          : status.waiting
              .map((game) => `${game.away.abbreviation} @ ${game.home.abbreviation}`)
              .join(', ')}
      </p>
      <div>
        <p className="font-semibold">Flagged props</p>
        {status.flagged.length === 0 ? (
          <p className="text-muted-foreground">None: every linked game is still in the feed.</p>
        ) : (
          <ul className="grid gap-1">
            {status.flagged.map((prop) => (
              <li key={`${prop.predictionId ?? 'm'}-${prop.masterPropId ?? prop.title}`}>
                {prop.title}
                {prop.groupName ? ` (${prop.groupName})` : ' (master prop)'}: the feed no longer
                lists {prop.game.away.abbreviation} @ {prop.game.home.abbreviation}. Settle it by
                hand.
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
