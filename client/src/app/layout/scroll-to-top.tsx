import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Product rules §2 and §9: late-arriving content can push the page down, hence the repeats. */
const RESCROLL_DELAYS_MS = [50, 200];

let keepFirstScroll = false;
/**
 * The app is about to take the landing's place on the same page (take-over.tsx): that is
 * no route change, so the visitor stays where they had scrolled to.
 */
export function keepScrollOnFirstPage() {
  keepFirstScroll = true;
}

/**
 * Every route change starts at the top of the page. The app places the page itself, so the
 * browser's own restoring (on a reload, back and forward) is off: what moves the page after
 * that is someone's scroll (a flick, a key, a link to a card), and the repeats leave it be.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const keep = useRef(keepFirstScroll);

  useLayoutEffect(() => {
    history.scrollRestoration = 'manual';
    if (keep.current) {
      keep.current = false;
      keepFirstScroll = false;
      return;
    }
    const toTop = () => {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    };
    toTop();
    const timers = RESCROLL_DELAYS_MS.map((delay) => setTimeout(toTop, delay));
    const stopRepeats = () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('scroll', scrolledAway);
    };
    const scrolledAway = () => {
      if (window.scrollY !== 0 || window.scrollX !== 0) stopRepeats();
    };
    window.addEventListener('scroll', scrolledAway, { passive: true });
    return stopRepeats;
  }, [pathname]);

  return null;
}
