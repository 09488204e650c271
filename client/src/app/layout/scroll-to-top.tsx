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

/** Every route change starts at the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const keep = useRef(keepFirstScroll);

  useLayoutEffect(() => {
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
    return () => {
      timers.forEach(clearTimeout);
    };
  }, [pathname]);

  return null;
}
