import { useEffect, useState } from 'react';

/**
 * A screen drawn in `count` steps, one task each after the previous commit, so a tap or a
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
