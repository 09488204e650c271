import type { Prop, UserPrediction } from '@shared/contract/props';
import { easternWallTimeOf } from '@shared/domain/eastern-time';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { currentRoundOf, roundInstantOf, roundsOfProps } from '@shared/domain/rounds';
import { monthDay } from '@client/lib/format';
import { liveLockStateOf } from './live-lock';

export interface RoundPickRow {
  prop: Prop;
  pick: UserPrediction;
  locked: boolean;
}

export interface RoundPicks {
  /** The round's number of props: confidences run from 1 to it. */
  size: number;
  startsAt: Date;
  endsAt: Date;
  /** The viewer's picks in the round, most confident first. */
  rows: RoundPickRow[];
}

/**
 * Product rules §10 'Rounds': the round a page opens on (under way, else next, else last),
 * with the viewer's picks in it. The weeks' bounds do not depend on when the season
 * started, so the props' own dates group them.
 */
export function currentRoundPicks(
  props: readonly Prop[],
  picks: readonly UserPrediction[],
  group: GroupLockSettings,
  now: Date,
): RoundPicks | null {
  const instants = props.map((prop) => roundInstantOf(prop)?.getTime() ?? Infinity);
  const earliest = Math.min(...instants);
  if (!Number.isFinite(earliest)) return null;
  const round = currentRoundOf(roundsOfProps(new Date(earliest), props), now);
  if (!round) return null;
  const inRound = new Set(round.propIds);
  const picksByProp = new Map(picks.map((pick) => [pick.predictionId, pick]));
  const rows = props.flatMap((prop) => {
    const pick = picksByProp.get(prop.id);
    if (!inRound.has(prop.id) || !pick) return [];
    return [{ prop, pick, locked: liveLockStateOf(prop, group, now).locked }];
  });
  rows.sort((a, b) => (b.pick.confidence ?? 0) - (a.pick.confidence ?? 0));
  return { size: round.propCount, startsAt: round.startsAt, endsAt: round.endsAt, rows };
}

const easternMonthDay = (instant: Date) => {
  const wall = easternWallTimeOf(instant);
  return monthDay(new Date(wall.year, wall.month - 1, wall.day));
};

/** A round's days as New York counts them, Tuesday to Monday: 'Dec 8 – Dec 14'. */
export function roundDaysLabel(round: Pick<RoundPicks, 'startsAt' | 'endsAt'>): string {
  const lastInstant = new Date(round.endsAt.getTime() - 1);
  return `${easternMonthDay(round.startsAt)} – ${easternMonthDay(lastInstant)}`;
}
