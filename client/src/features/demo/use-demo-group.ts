import { useCallback, useMemo, useState } from 'react';
import { lockStateOf } from '@shared/domain/lock-state';
import {
  DEMO_LOCK_SETTINGS,
  demoActivityOf,
  demoGroupOf,
  demoLeaderboardOf,
  demoPropsOf,
  demoStatsOf,
  initialDemoPicksOf,
} from './demo-data';

let firstOpenedAt: Date | null = null;

/**
 * When the demo was first opened since the app loaded: the sample group's 14-day expiry
 * counts from here, so leaving the demo and coming back does not reset the countdown.
 */
function demoStartedAt(): Date {
  firstOpenedAt ??= new Date();
  return firstOpenedAt;
}

/**
 * The demo group with the visitor's picks held in React state only: nothing is sent to
 * the server, and a reload starts the demo afresh. Props are judged at the demo's start,
 * as a server judges them when it sends them; the page re-judges their locks at its own
 * clock, so a sample game that starts while the page is open closes its picks.
 */
export function useDemoGroup() {
  const [startedAt] = useState(demoStartedAt);
  const [picks, setPicks] = useState(() => initialDemoPicksOf(startedAt));

  const group = useMemo(() => demoGroupOf(startedAt), [startedAt]);
  const props = useMemo(() => demoPropsOf(startedAt, picks, startedAt), [startedAt, picks]);
  const leaderboard = useMemo(() => demoLeaderboardOf(startedAt, picks), [startedAt, picks]);
  const stats = useMemo(() => demoStatsOf(leaderboard), [leaderboard]);
  const activity = useMemo(() => demoActivityOf(startedAt), [startedAt]);

  /** The visitor picks `option` on a prop, unless its game has started meanwhile. */
  const pick = useCallback(
    (propId: number, option: string) => {
      const prop = props.find((candidate) => candidate.id === propId);
      if (!prop || lockStateOf(prop, DEMO_LOCK_SETTINGS, new Date()).locked) return;
      setPicks((current) => new Map(current).set(propId, option));
    },
    [props],
  );

  return { group, props, leaderboard, stats, activity, pick };
}
