import { useEffect } from 'react';
import { useLocation } from 'react-router';

const FIND_FOR_MS = 30_000;
const HOLD_FOR_MS = 2_000;
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * The browser's own jump happens before a client-rendered list exists. Parts above may
 * still grow, so the element is brought back whenever it moves, until the user scrolls.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const started = Date.now();
    let frame = 0;
    let heldSince: number | null = null;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
    };
    const look = () => {
      const target = document.getElementById(id);
      if (!target) {
        if (Date.now() - started < FIND_FOR_MS) frame = requestAnimationFrame(look);
        else stop();
        return;
      }
      const wanted = scrollOffsetOf(target);
      heldSince ??= Date.now();
      if (Math.abs(target.getBoundingClientRect().top - wanted) > 1) {
        target.scrollIntoView({ block: 'start' });
      }
      if (Date.now() - heldSince < HOLD_FOR_MS) frame = requestAnimationFrame(look);
      else stop();
    };
    for (const type of USER_INPUT) window.addEventListener(type, stop, true);
    look();
    return stop;
  }, [hash]);
}

function scrollOffsetOf(element: Element): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return padding + margin;
}
