import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Product rules §2 and §9: late-arriving content can push the page down, hence the repeats. */
const RESCROLL_DELAYS_MS = [50, 200];

/** Every route change starts at the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();

  useLayoutEffect(() => {
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
