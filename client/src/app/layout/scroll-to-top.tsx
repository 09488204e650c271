import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Product rules §2 and §9: late-arriving content can push the page down, hence the repeats. */
const RESCROLL_DELAYS_MS = [50, 200];

let keepFirstScroll = false;
/** Replacing the landing is no route change: the visitor stays where they had scrolled to. */
export function keepScrollOnFirstPage() {
  keepFirstScroll = true;
}

/**
 * Every route change starts at the top. The browser's own scroll restoring is off: the
 * app places the page itself, and a user's own scroll stops the repeats.
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
