import { useEffect, useState } from 'react';

/**
 * A screen drawn in `count` steps, one task each: 1 until `started`, then one more in a
 * task of its own after each step's commit, up to `count`. A large screen drawn in one
 * render blocks the main thread for as long as that render takes; in steps, a tap or a
 * frame can come between them.
 */
export function useStepsAfterPaint(count: number, started = true): number {
  const [step, setStep] = useState(1);
  useEffect(() => {
    if (!started || step >= count) return;
    const next = setTimeout(() => {
      setStep((current) => current + 1);
    }, 0);
    return () => {
      clearTimeout(next);
    };
  }, [started, step, count]);
  return step;
}
