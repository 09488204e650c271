import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreateGamePropsBody } from '@shared/contract/game-props';
import type { Game } from '@shared/contract/games';
import type { GameMarket } from '@shared/domain/game-grading';
import { signedLine } from '@shared/domain/game-props';
import { FEED_SPORTS, type FeedSport } from '@shared/sports';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { LoadingState } from '@client/components/ui/loading-state';
import { NativeSelect } from '@client/components/ui/native-select';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { useCreateGameProps, useGames } from '../api/games';

interface Scope {
  groupId: number;
  userId: number;
}

/** Product rules §4 'Game-linked props': each prop is graded from the game's final score. */
export function AddGamesButton({ scope, sports }: { scope: Scope; sports: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary">
          <CalendarPlus aria-hidden />
          Add games
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add games</DialogTitle>
          <DialogDescription>
            Props on real games, graded automatically from the final score. Tick the games and
            markets; change a line if you like.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <AddGamesForm
            scope={scope}
            sports={sports}
            onDone={() => {
              setOpen(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const MARKETS: { market: Exclude<GameMarket, 'team_total'>; label: string }[] = [
  { market: 'winner', label: 'Winner' },
  { market: 'spread', label: 'Spread' },
  { market: 'total', label: 'Total' },
];

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function instantsOf(fromDay: string, toDay: string) {
  const from = new Date(`${fromDay}T00:00`);
  const to = new Date(`${toDay}T00:00`);
  to.setDate(to.getDate() + 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The line as typed ('' for the feed's). */
type Chosen = Map<string, { gameId: number; market: GameMarket; line: string }>;

const keyOf = (gameId: number, market: GameMarket) => `${gameId}:${market}`;

function AddGamesForm({
  scope,
  sports,
  onDone,
}: {
  scope: Scope;
  sports: readonly string[];
  onDone: () => void;
}) {
  const offered = FEED_SPORTS.filter((sport) => sports.includes(sport));
  const [sport, setSport] = useState<FeedSport>(offered[0] ?? 'NFL');
  const [fromDay, setFromDay] = useState(() => dayOf(new Date()));
  const [toDay, setToDay] = useState(() => dayOf(new Date(Date.now() + 7 * 86_400_000)));
  const [chosen, setChosen] = useState<Chosen>(() => new Map());
  const [openedAt] = useState(() => Date.now());
  const mutation = useCreateGameProps(scope);
  const range = instantsOf(fromDay, toDay);

  const create = async () => {
    const props: CreateGamePropsBody['props'] = [...chosen.values()].map(
      ({ gameId, market, line }) => ({
        gameId,
        market,
        ...(market !== 'winner' && line.trim() !== '' && { line: Number(line) }),
      }),
    );
    try {
      const created = await mutation.mutateAsync(props);
      toast({
        title: 'Games added',
        description: `Added ${created.length} ${created.length === 1 ? 'prop' : 'props'}`,
      });
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to add games',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Sport">
          {(control) => (
            <NativeSelect
              {...control}
              value={sport}
              onChange={(event) => {
                setSport(event.target.value as FeedSport);
                setChosen(new Map());
              }}
            >
              {(offered.length > 0 ? offered : FEED_SPORTS).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={fromDay}
              onChange={(event) => {
                setFromDay(event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={toDay}
              min={fromDay}
              onChange={(event) => {
                setToDay(event.target.value);
              }}
            />
          )}
        </Field>
      </div>
      {range ? (
        <GameList
          range={{ sport, ...range }}
          openedAt={openedAt}
          chosen={chosen}
          disabled={mutation.isPending}
          onChange={setChosen}
        />
      ) : (
        <p className="text-sm text-muted-foreground">Choose the dates.</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={chosen.size === 0} pending={mutation.isPending}>
          {chosen.size === 0
            ? 'Create props'
            : `Create ${chosen.size} ${chosen.size === 1 ? 'prop' : 'props'}`}
        </Button>
      </div>
    </form>
  );
}

function GameList({
  range,
  openedAt,
  chosen,
  disabled,
  onChange,
}: {
  range: { sport: FeedSport; from: string; to: string };
  /** Games starting before it are not offered. */
  openedAt: number;
  chosen: Chosen;
  disabled: boolean;
  onChange: (next: Chosen) => void;
}) {
  const games = useGames(range);
  if (games.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        The scores feed can&apos;t be read right now ({errorMessage(games.error)}). Try again later,
        or write a custom prop.
      </p>
    );
  }
  if (!games.data) return <LoadingState className="py-6" />;
  const upcoming = games.data.filter(
    (game) => game.status === 'scheduled' && Date.parse(game.startsAt) > openedAt,
  );
  if (upcoming.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No upcoming {range.sport} games from the scores feed in these dates. If you expected some,
        the feed may be out of reach right now: try again later, or write a custom prop.
      </p>
    );
  }
  const toggle = (game: Game, market: GameMarket, on: boolean) => {
    const next = new Map(chosen);
    const key = keyOf(game.id, market);
    if (on) next.set(key, { gameId: game.id, market, line: feedLineOf(game, market) });
    else next.delete(key);
    onChange(next);
  };
  const setLine = (game: Game, market: GameMarket, line: string) => {
    const next = new Map(chosen);
    next.set(keyOf(game.id, market), { gameId: game.id, market, line });
    onChange(next);
  };
  return (
    <ul className="grid gap-3" aria-label="Games">
      {upcoming.map((game) => (
        <li key={game.id}>
          <GameChoice
            game={game}
            chosen={chosen}
            disabled={disabled}
            onToggle={toggle}
            onLine={setLine}
          />
        </li>
      ))}
    </ul>
  );
}

function feedLineOf(game: Game, market: GameMarket): string {
  if (market === 'spread' && game.odds?.spread != null) return String(game.odds.spread);
  if (market === 'total' && game.odds?.total != null) return String(game.odds.total);
  return '';
}

function GameChoice({
  game,
  chosen,
  disabled,
  onToggle,
  onLine,
}: {
  game: Game;
  chosen: Chosen;
  disabled: boolean;
  onToggle: (game: Game, market: GameMarket, on: boolean) => void;
  onLine: (game: Game, market: GameMarket, line: string) => void;
}) {
  const headingId = useId();
  const lines = [
    game.odds?.spread != null ? `${game.home.abbreviation} ${signedLine(game.odds.spread)}` : null,
    game.odds?.total != null ? `O/U ${game.odds.total}` : null,
  ].filter(Boolean);
  return (
    <fieldset
      aria-labelledby={headingId}
      className="grid gap-2 rounded-lg border border-border bg-card p-3"
    >
      <div id={headingId} className="grid">
        <span className="font-semibold">
          {game.away.name} at {game.home.name}
        </span>
        <span className="text-xs text-muted-foreground">
          {formatDateTime(game.startsAt)} ·{' '}
          {lines.length > 0 ? lines.join(' · ') : 'No lines from the feed'}
        </span>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        {MARKETS.map(({ market, label }) => {
          const choice = chosen.get(keyOf(game.id, market));
          return (
            <div key={market} className="grid gap-1">
              <CheckboxField
                name={`${game.id}-${market}`}
                checked={choice !== undefined}
                disabled={disabled}
                onChange={(event) => {
                  onToggle(game, market, event.target.checked);
                }}
                label={label}
                aria-label={`${label}: ${game.away.abbreviation} @ ${game.home.abbreviation}`}
              />
              {choice && market !== 'winner' ? (
                <Input
                  aria-label={`${market === 'spread' ? `${game.home.abbreviation} spread` : 'Total'} for ${game.away.abbreviation} @ ${game.home.abbreviation}`}
                  inputMode="decimal"
                  placeholder="Line"
                  value={choice.line}
                  disabled={disabled}
                  onChange={(event) => {
                    onLine(game, market, event.target.value);
                  }}
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
