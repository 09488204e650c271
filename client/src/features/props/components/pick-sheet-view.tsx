import { ArrowDownToLine, ListChecks, ListRestart } from 'lucide-react';
import {
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useSearchParams } from 'react-router';
import type { Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { noGameDateLabel } from '@shared/domain/prop-display';
import { Button } from '@client/components/ui/button';
import { SectionCard, SectionEmpty } from '@client/components/ui/section-card';
import { cn } from '@client/lib/cn';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { filterSportsOf } from '@client/lib/filter-sports';
import {
  defaultSheetView,
  isSheetView,
  matchesSport,
  sectionsOf,
  sheetCountsOf,
  sheetOrderOf,
  sheetViewOf,
  stableOrderOf,
  type GameSection,
  type SheetView,
} from '../pick-sheet';
import { sportDisplayOf } from '@client/lib/sport-display';
import { clockTime, weekdayDate } from '@client/lib/format';
import { SportFilter } from '@client/components/sport/sport-filter';

const SPORT_PARAM = 'sport';
const VIEW_PARAM = 'view';

interface PickSheetProps {
  /** The sheet filters by sport and view itself. */
  props: readonly Prop[];
  group: GroupLockSettings;
  now: Date;
  renderCard: (prop: Prop, gameHeadingId: string) => ReactNode;
  noProps: ReactNode;
  /** The operator in their own official event: nothing to pick. */
  spectator?: boolean;
}

export function PropsSectionFrame({ children }: { children: ReactNode }) {
  return (
    <SectionCard title="Props" icon={ListChecks}>
      {children}
    </SectionCard>
  );
}

/**
 * Views and sport chips live in the URL; props are grouped by day and game in an order that
 * stays put for the visit: a pick never moves a card, the spec's order applies when a view
 * opens or on Re-sort.
 */
export function PickSheet({
  props,
  group,
  now,
  renderCard,
  noProps,
  spectator = false,
}: PickSheetProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sport = searchParams.get(SPORT_PARAM)?.trim() || ALL_SPORTS;
  const inSport = useMemo(
    () => props.filter((prop) => matchesSport(prop, sport, ALL_SPORTS)),
    [props, sport],
  );
  const counts = sheetCountsOf(inSport, group, now);
  const sports = filterSportsOf(props, sport);
  const viewParam = searchParams.get(VIEW_PARAM);
  // The first view chosen is kept for the visit, so the page does not jump to another view
  // when the last open prop locks.
  const [initialView, setInitialView] = useState<SheetView | null>(null);
  const fallback = defaultSheetView(counts);
  if (initialView === null && props.length > 0) setInitialView(fallback);
  const view: SheetView = isSheetView(viewParam) ? viewParam : (initialView ?? fallback);

  const fresh = useMemo(
    () =>
      sheetOrderOf(
        inSport.filter((prop) => sheetViewOf(prop, group, now) === view),
        view,
      ),
    [inSport, group, now, view],
  );
  const { ordered, stale, resort } = useOpenedOrder(`${view}|${sport}`, fresh, props);
  const { hash } = useLocation();
  const linked = useMemo(() => {
    const id = /^#prop-(\d+)$/.exec(hash)?.[1];
    return id === undefined ? -1 : ordered.findIndex((prop) => prop.id === Number(id));
  }, [hash, ordered]);
  const drawn = useCardsInSteps(`${view}|${sport}`, ordered.length, linked);
  const sheetRef = useRef<HTMLDivElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const scrolledPastControls = useScrolledAbove(controlsRef);
  // While a comment is being written the bar rests at the sheet's end: floating, it would
  // sit over the field and its Post button, right above a phone's keyboard.
  const [writing, setWriting] = useState(false);
  const floatBar = scrolledPastControls && !writing;
  const lastCard = useRef<Element | null>(null);

  const setParam = (name: string, value: string | null) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (value === null) updated.delete(name);
        else updated.set(name, value);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const nextUnpicked = () => {
    const sheet = sheetRef.current;
    if (!sheet) return;
    // The next unpicked prop may not be drawn yet.
    drawn.drawAll();
    const cards = [...sheet.querySelectorAll<HTMLElement>('[data-unpicked]')];
    const current = lastCard.current?.isConnected ? lastCard.current : null;
    const after = current
      ? cards.find(
          (card) => current.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING,
        )
      : undefined;
    const target = after ?? cards[0];
    const button = target?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (!target || !button) return;
    target.scrollIntoView({ block: 'center' });
    button.focus({ preventScroll: true });
  };

  if (props.length === 0) return <>{noProps}</>;

  const unpickedShown =
    !spectator && ordered.some((prop) => !prop.myPick && sheetViewOf(prop, group, now) === 'open');

  return (
    <div className="grid gap-3">
      <div ref={controlsRef} className="grid gap-3">
        <ViewChoice
          view={view}
          counts={counts}
          onChange={(next) => {
            setParam(VIEW_PARAM, next);
          }}
        />
        {/* With props of one sport the row would only push the props down. */}
        {sports.length > 1 || sport !== ALL_SPORTS ? (
          <SportFilter
            sports={sports}
            value={sport}
            onChange={(next) => {
              setParam(SPORT_PARAM, next === ALL_SPORTS ? null : next);
            }}
          />
        ) : null}
      </div>
      <div
        ref={sheetRef}
        className="grid gap-4"
        onFocus={(event) => {
          lastCard.current = event.target.closest('[data-prop-id]');
          setWriting(event.target instanceof HTMLTextAreaElement);
        }}
        onBlur={() => {
          setWriting(false);
        }}
      >
        {ordered.length === 0 ? (
          <EmptyView view={view} sport={sport} />
        ) : (
          sectionsOf(drawn.count < ordered.length ? ordered.slice(0, drawn.count) : ordered).map(
            (day) => (
              <DayBlock key={day.key || 'undated'} dayKey={day.key} sport={day.games[0]?.sport}>
                {day.games.map((game) => (
                  <GameBlock key={game.key} game={game} renderCard={renderCard} />
                ))}
              </DayBlock>
            ),
          )
        )}
      </div>
      {view === 'open' && (unpickedShown || stale) ? (
        // Floats only once the view buttons are scrolled away above, as a band across the
        // card rather than a pill half-hiding the cards.
        <div
          data-sheet-bar={floatBar ? 'floating' : 'resting'}
          className={cn(
            'z-10 -mx-5 -mb-5 flex flex-wrap justify-end gap-2 rounded-b-xl border-t border-border bg-card px-5 py-2 sm:-mx-6 sm:px-6',
            floatBar && 'sticky bottom-0',
          )}
        >
          {stale ? (
            <Button type="button" variant="outline" className="shadow-md" onClick={resort}>
              <ListRestart aria-hidden />
              Re-sort
            </Button>
          ) : null}
          {unpickedShown ? (
            <Button type="button" className="shadow-md" onClick={nextUnpicked}>
              <ArrowDownToLine aria-hidden />
              Next unpicked
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A first screen of cards: the first render stays short so the page takes a tap early. */
const FIRST_CARDS = 6;
/** Enough page below a `#prop-N` link's card to scroll it to the top. */
const CARDS_AFTER_LINKED = 12;
const MORE_CARDS = 40;

/**
 * How many of the view's cards are drawn: the first screen, then steps of MORE_CARDS, each
 * its own transition (a tap goes first), appended so nothing drawn moves. A `#prop-N`
 * link's card (`linked`, -1 for none) is drawn at once with a screen of cards after it.
 */
function useCardsInSteps(key: string, total: number, linked: number) {
  const [steps, setSteps] = useState({ key, count: FIRST_CARDS });
  if (steps.key !== key) {
    setSteps({ key, count: FIRST_CARDS });
  }
  const least = linked >= 0 ? linked + 1 + CARDS_AFTER_LINKED : FIRST_CARDS;
  const count = Math.max(steps.key === key ? steps.count : FIRST_CARDS, least);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => {
      setSteps((current) =>
        current.key === key ? { key, count: Math.max(current.count, least) + MORE_CARDS } : current,
      );
    });
  }, [key, count, total, least]);
  return {
    count,
    drawAll: () => {
      if (count < total) {
        flushSync(() => {
          setSteps({ key, count: Number.POSITIVE_INFINITY });
        });
      }
    },
  };
}

const HEADER_ROOM = '-80px';

function useScrolledAbove(ref: RefObject<HTMLElement | null>): boolean {
  const [above, setAbove] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const top = entry.rootBounds?.top ?? 0;
        setAbove(!entry.isIntersecting && entry.boundingClientRect.bottom <= top);
      },
      { rootMargin: `${HEADER_ROOM} 0px 0px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return above;
}

/** Kept while the viewer acts, so a card never moves under a finger. */
function useOpenedOrder(key: string, fresh: Prop[], all: readonly Prop[]) {
  const [opened, setOpened] = useState<{ key: string; ids: number[] } | null>(null);
  const freshIds = fresh.map((prop) => prop.id);
  if (opened?.key !== key) {
    // Adjusting state while rendering (React's pattern for "reset when a key changes").
    setOpened({ key, ids: freshIds });
  }
  const ids = opened?.key === key ? opened.ids : freshIds;
  const ordered = stableOrderOf(ids, all, fresh);
  const stale = ordered.map((prop) => prop.id).join() !== freshIds.join();
  return {
    ordered,
    stale,
    resort: () => {
      setOpened({ key, ids: freshIds });
    },
  };
}

const VIEW_LABELS: Record<SheetView, string> = {
  open: 'To pick',
  locked: 'Locked',
  settled: 'Settled',
};

function ViewChoice({
  view,
  counts,
  onChange,
}: {
  view: SheetView;
  counts: ReturnType<typeof sheetCountsOf>;
  onChange: (view: SheetView) => void;
}) {
  const countOf = { open: counts.toPick, locked: counts.locked, settled: counts.settled };
  return (
    <div
      role="group"
      aria-label="Show props"
      className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1"
    >
      {(Object.keys(VIEW_LABELS) as SheetView[]).map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={choice === view}
          onClick={() => {
            onChange(choice);
          }}
          className={cn(
            'min-h-11 rounded-md px-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            choice === view ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
          )}
        >
          {VIEW_LABELS[choice]} ({countOf[choice]})
        </button>
      ))}
    </div>
  );
}

function dayLabelOf(dayKey: string, sport: string | undefined): string {
  if (!dayKey) return `No game time (${noGameDateLabel(sport ?? '')})`;
  const [year, month, day] = dayKey.split('-').map(Number);
  return weekdayDate(new Date(year ?? 0, (month ?? 1) - 1, day ?? 1));
}

function DayBlock({
  dayKey,
  sport,
  children,
}: {
  dayKey: string;
  sport: string | undefined;
  children: ReactNode;
}) {
  return (
    // Each game shares the row's two tracks (subgrid), so a heading that wraps leaves its
    // neighbour's card level.
    <section className="grid gap-3 lg:grid-cols-2 lg:items-start">
      <h3 className="border-b border-border pb-1 text-sm font-bold tracking-wide text-muted-foreground uppercase lg:col-span-2">
        {dayLabelOf(dayKey, sport)}
      </h3>
      {children}
    </section>
  );
}

function GameBlock({
  game,
  renderCard,
}: {
  game: GameSection;
  renderCard: (prop: Prop, gameHeadingId: string) => ReactNode;
}) {
  const headingId = useId();
  const { name, badgeClassName } = sportDisplayOf(game.sport);
  const several = game.props.length > 1;
  return (
    <div
      className={cn(
        'grid min-w-0 gap-2 lg:row-span-2 lg:grid-rows-subgrid',
        several && 'lg:col-span-2',
      )}
    >
      <h4
        id={headingId}
        className="flex flex-wrap items-baseline gap-x-2 font-bold wrap-anywhere lg:self-end"
      >
        <span className={cn('rounded px-1.5 py-0.5 text-xs font-bold', badgeClassName)}>
          {name}
        </span>
        {game.title}
        {game.gameDate ? (
          <span className="text-sm font-medium text-muted-foreground">
            {clockTime(new Date(game.gameDate))}
          </span>
        ) : null}
      </h4>
      <ul aria-labelledby={headingId} className={cn('grid gap-2', several && 'lg:grid-cols-2')}>
        {game.props.map((prop) => (
          <li key={prop.id} className="min-w-0">
            {renderCard(prop, headingId)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyView({ view, sport }: { view: SheetView; sport: string }) {
  const where = sport === ALL_SPORTS ? '' : ` in ${sportDisplayOf(sport).name}`;
  switch (view) {
    case 'open':
      return (
        <SectionEmpty title={`Nothing left to pick${where}`}>
          Locked and settled props are under Locked and Settled.
        </SectionEmpty>
      );
    case 'locked':
      return <SectionEmpty title={`No locked props${where}`} />;
    case 'settled':
      return <SectionEmpty title={`No settled props${where}`} />;
  }
}
