import { ArrowDownToLine, ListChecks, ListRestart } from 'lucide-react';
import {
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
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
  /** Every prop of the group (the sheet filters by sport and view itself). */
  props: readonly Prop[];
  group: GroupLockSettings;
  now: Date;
  /** One card; `gameHeadingId` names the game heading the card sits under. */
  renderCard: (prop: Prop, gameHeadingId: string) => ReactNode;
  /** What shows when the group has no props at all. */
  noProps: ReactNode;
}

/** The Props card around whatever the sheet shows (its loading and error states too). */
export function PropsSectionFrame({ children }: { children: ReactNode }) {
  return (
    <SectionCard title="Props" icon={ListChecks}>
      {children}
    </SectionCard>
  );
}

/**
 * The pick sheet (decision 0016): views To pick / Locked / Settled and the sport chips
 * (both in the URL), props grouped by day and game, in an order that stays put for the
 * whole visit. A pick never moves a card; the spec's order applies the next time a view
 * opens, or when the viewer asks with Re-sort. Next unpicked jumps to the next open prop
 * without a pick.
 */
export function PickSheet({ props, group, now, renderCard, noProps }: PickSheetProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const sport = searchParams.get(SPORT_PARAM)?.trim() || ALL_SPORTS;
  const inSport = useMemo(
    () => props.filter((prop) => matchesSport(prop, sport, ALL_SPORTS)),
    [props, sport],
  );
  const counts = sheetCountsOf(inSport, group, now);
  const viewParam = searchParams.get(VIEW_PARAM);
  // Without a view in the URL the first one chosen (once there are props) is kept for the
  // visit, so the page does not jump to another view when the last open prop locks.
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
  // The card last acted on: Next unpicked goes on from there (its own click takes the focus).
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
    // The next unpicked prop may not be drawn yet (the sheet's first moments): draw all now.
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

  const unpickedShown = ordered.some(
    (prop) => !prop.myPick && sheetViewOf(prop, group, now) === 'open',
  );

  return (
    <div className="grid gap-3">
      <ViewChoice
        view={view}
        counts={counts}
        onChange={(next) => {
          setParam(VIEW_PARAM, next);
        }}
      />
      <SportFilter
        sports={filterSportsOf(props, sport)}
        value={sport}
        onChange={(next) => {
          setParam(SPORT_PARAM, next === ALL_SPORTS ? null : next);
        }}
      />
      <div
        ref={sheetRef}
        className="grid gap-4"
        onFocus={(event) => {
          lastCard.current = event.target.closest('[data-prop-id]');
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
        <div data-sheet-bar className="sticky bottom-2 z-10 flex flex-wrap justify-end gap-2">
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

/**
 * The cards drawn in the first render: a phone's or a desktop's first screen (the sheet
 * starts below the dashboards and the stats, so a phone shows one or two cards and a
 * 1280 px screen four). 6 rather than 12: half the first render's cards took 45 – 85 ms
 * off a 300-prop page's time to interactive, measured alternately (README).
 */
const FIRST_CARDS = 6;
/** Drawn after a `#prop-N` link's card at once: enough page below it to scroll it to the top. */
const CARDS_AFTER_LINKED = 12;
/** The cards each following step adds (about 20 ms of rendering on this project's machine). */
const MORE_CARDS = 40;

/**
 * How many of the view's cards are drawn (decision 0028). A view opens with its first
 * screen of cards, so a 300-prop sheet takes a tap as soon as those are drawn; the rest
 * follow in steps of MORE_CARDS, each a transition of its own (a tap meanwhile goes first),
 * appended after the cards already drawn, so nothing drawn moves. The whole sheet is in
 * the page a few hundred milliseconds later (find in page). A `#prop-N` link's card (at
 * `linked` in the view, -1 for none) is drawn at once with a screen of cards after it, so
 * the page is long enough to scroll it to the top. Next unpicked draws everything at once
 * before it looks.
 */
function useCardsInSteps(key: string, total: number, linked: number) {
  const [steps, setSteps] = useState({ key, count: FIRST_CARDS });
  if (steps.key !== key) {
    // A new view or sport opens with its first screen again.
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

/**
 * The order a view opened with, kept while the viewer acts (a card never moves under a
 * finger); a new view or sport opens in the spec's order again, and so does Re-sort.
 */
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
    <section className="grid gap-3">
      <h3 className="border-b border-border pb-1 text-sm font-bold tracking-wide text-muted-foreground uppercase">
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
  return (
    <div className="grid gap-2">
      <h4 id={headingId} className="flex flex-wrap items-baseline gap-x-2 font-bold break-words">
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
      <ul aria-labelledby={headingId} className="grid gap-2 lg:grid-cols-2">
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
