import type { PropGame } from '@shared/contract/props';
import { gameStateLineOf, gradingRuleOf } from '@shared/domain/game-props';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@client/lib/format';

/** Product rules §4 'Game-linked props': kept current by live 'game' events. */
export function PropGameInfo({
  sport,
  description,
  game,
}: {
  sport: string;
  description: string;
  game: PropGame;
}) {
  const state = gameStateLineOf(sport, game);
  const rule = gradingRuleOf(game, game);
  const live = game.status === 'in_progress';
  return (
    <div data-testid="prop-game" className="grid gap-0.5 text-xs text-muted-foreground">
      <p className={cn('font-semibold tabular-nums', live ? 'text-primary' : 'text-foreground')}>
        {live ? (
          <span className="mr-1.5 rounded bg-primary px-1 py-px text-[0.625rem] font-bold tracking-wide text-primary-foreground uppercase">
            Live
          </span>
        ) : null}
        {state ??
          `${game.away.abbreviation} @ ${game.home.abbreviation} · ${formatDateTime(game.startsAt)}`}
      </p>
      {rule !== description ? <p>How it's graded: {rule}</p> : null}
      {game.overridden ? <p>Result set by hand: the feed won't change it.</p> : null}
    </div>
  );
}
