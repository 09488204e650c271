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

/** Counted from the demo's first opening since the app loaded, so coming back does not reset the expiry. */
function demoStartedAt(): Date {
  firstOpenedAt ??= new Date();
  return firstOpenedAt;
}

/**
 * Picks are held in React state only: nothing is sent, and a reload starts afresh. The page
 * re-judges locks at its own clock, so a sample game that starts while it is open closes.
 */
export function useDemoGroup() {
  const [startedAt] = useState(demoStartedAt);
  const [picks, setPicks] = useState(() => initialDemoPicksOf(startedAt));

  const group = useMemo(() => demoGroupOf(startedAt), [startedAt]);
  const props = useMemo(() => demoPropsOf(startedAt, picks, startedAt), [startedAt, picks]);
  const leaderboard = useMemo(() => demoLeaderboardOf(startedAt, picks), [startedAt, picks]);
  const stats = useMemo(() => demoStatsOf(leaderboard), [leaderboard]);
  const activity = useMemo(() => demoActivityOf(startedAt), [startedAt]);

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
