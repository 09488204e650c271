import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's #hash names once it appears (the browser's own jump
 * happens before a client-rendered list exists). A reminder opens `/group/7#prop-41`.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const deadline = Date.now() + 5_000;
    let frame = 0;
    const look = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        return;
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
