import { useEffect, useState } from 'react';
import { nextTickDelay } from './live-lock';

/**
 * Moves every 60 seconds (product rules §9) and exactly at each of `moments`, so a prop
 * closes the moment its lock time passes without a one-second tick. Pass a memoized array:
 * a new one restarts the timer.
 */
export function useNow(moments: readonly number[]): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setTimeout(
      () => {
        setNow(new Date());
      },
      nextTickDelay(Date.now(), moments),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [now, moments]);
  return now;
}
