import type { Prop } from '@shared/contract/props';
import { toDate, type GroupLockSettings } from '@shared/domain/lock-state';
import { compareWords } from '@shared/domain/prop-order';
import { liveLockStateOf } from './live-lock';

/** The pick sheet's rules, pure so they are tested without a browser. */

export const SHEET_VIEWS = ['open', 'locked', 'settled'] as const;
export type SheetView = (typeof SHEET_VIEWS)[number];

export function isSheetView(value: string | null): value is SheetView {
  return SHEET_VIEWS.includes(value as SheetView);
}

export function sheetViewOf(prop: Prop, group: GroupLockSettings, now: Date): SheetView {
  if (prop.result !== null) return 'settled';
  return liveLockStateOf(prop, group, now).locked ? 'locked' : 'open';
}

export interface SheetCounts {
  /** The 'To pick (N)' count. */
  toPick: number;
  open: number;
  locked: number;
  settled: number;
}

export function sheetCountsOf(
  props: readonly Prop[],
  group: GroupLockSettings,
  now: Date,
): SheetCounts {
  const counts: SheetCounts = { toPick: 0, open: 0, locked: 0, settled: 0 };
  for (const prop of props) {
    const view = sheetViewOf(prop, group, now);
    counts[view] += 1;
    if (view === 'open' && !prop.myPick) counts.toPick += 1;
  }
  return counts;
}

/** Where there is something to do. */
export function defaultSheetView(counts: SheetCounts): SheetView {
  if (counts.open > 0) return 'open';
  if (counts.locked > 0) return 'locked';
  return 'settled';
}

const NO_TIME = Number.POSITIVE_INFINITY;
const timeOf = (prop: Prop) => toDate(prop.gameDate)?.getTime() ?? NO_TIME;

export const gameKeyOf = (prop: Prop) =>
  `${prop.sport.toLowerCase()}|${prop.gameDate ?? ''}|${prop.title}`;

/**
 * Games by start time (settled: latest first); inside a game, product rules §4's order.
 * Props without a game time come last.
 */
export function sheetOrderOf(props: readonly Prop[], view: SheetView): Prop[] {
  const direction = view === 'settled' ? -1 : 1;
  return [...props].sort((a, b) => {
    const timeA = timeOf(a);
    const timeB = timeOf(b);
    if (timeA !== timeB) {
      if (timeA === NO_TIME) return 1;
      if (timeB === NO_TIME) return -1;
      return (timeA - timeB) * direction;
    }
    const byGame = compareWords(gameKeyOf(a), gameKeyOf(b));
    if (byGame !== 0) return byGame;
    const pickedA = a.myPick ? 1 : 0;
    const pickedB = b.myPick ? 1 : 0;
    if (pickedA !== pickedB) return pickedA - pickedB;
    const byDescription = compareWords(a.description, b.description);
    return byDescription !== 0 ? byDescription : a.id - b.id;
  });
}

/**
 * Props keep their places in `openedWith` whatever happens to them; one gone is dropped,
 * one new to the view is added at the end, so nothing moves under a finger.
 */
export function stableOrderOf(
  openedWith: readonly number[],
  all: readonly Prop[],
  freshOrder: readonly Prop[],
): Prop[] {
  const byId = new Map(all.map((prop) => [prop.id, prop]));
  const kept = openedWith.flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(openedWith);
  return [...kept, ...freshOrder.filter((prop) => !seen.has(prop.id))];
}

export interface GameSection {
  key: string;
  title: string;
  sport: string;
  gameDate: string | null;
  props: Prop[];
}

export interface DaySection {
  /** '' for props without a game time. */
  key: string;
  games: GameSection[];
}

const pad = (value: number) => String(value).padStart(2, '0');

export function localDayKeyOf(iso: string | null): string {
  const date = toDate(iso);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function sectionsOf(ordered: readonly Prop[]): DaySection[] {
  const days: DaySection[] = [];
  for (const prop of ordered) {
    const dayKey = localDayKeyOf(prop.gameDate);
    let day = days.at(-1);
    if (day?.key !== dayKey) {
      day = { key: dayKey, games: [] };
      days.push(day);
    }
    const gameKey = gameKeyOf(prop);
    let game = day.games.at(-1);
    if (game?.key !== gameKey) {
      game = {
        key: gameKey,
        title: prop.title,
        sport: prop.sport,
        gameDate: prop.gameDate,
        props: [],
      };
      day.games.push(game);
    }
    game.props.push(prop);
  }
  return days;
}

/** Without case, as the server compares. */
export const matchesSport = (prop: Prop, sport: string, all: string) =>
  sport === all || prop.sport.toLowerCase() === sport.toLowerCase();
