import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long the page may take to draw the linked element (a slow phone, a big sheet). */
const FIND_FOR_MS = 30_000;
/** How long the element is kept in place while what is above it settles. */
const HOLD_FOR_MS = 2_000;
/** What the user does to take over the scrolling. */
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls to the element the URL's #hash names once it appears (the browser's own jump
 * happens before a client-rendered list exists). A reminder opens `/group/7#prop-41`.
 * Parts above it may still grow once it is there (the rest of the sheet, a banner), so for
 * a moment it is brought back whenever it moves, until the user scrolls, taps or types.
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
      // Where scrollIntoView puts it, clear of the header: the page's scroll padding plus
      // the element's scroll margin below the top.
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

/** How far below the viewport's top `scrollIntoView({ block: 'start' })` puts an element. */
function scrollOffsetOf(element: Element): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return padding + margin;
}
