import { useEffect, useState } from 'react';
import { nextTickDelay } from './live-lock';

/**
 * The time the props grid is judged at. It moves every 60 seconds (product rules §9: the expiry
 * badge refresh) and exactly at each of `moments` (lock times in ms, earliest first), so
 * a prop stops taking picks the moment its lock time passes, without a one-second tick
 * re-rendering the page all day. Pass a stable array (memoized): a new one restarts the
 * timer.
 */
export function useNow(moments: readonly number[]): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(
      () => {
        setNow(new Date());
      },
      // From the real clock: `moments` may change long after `now` was read.
      nextTickDelay(Date.now(), moments),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [now, moments]);
  return now;
}
