import type { MouseEvent } from 'react';
import type { AppLinkProps } from '@client/components/app-link';
import { appIfLoaded, handOver, loadApp } from './hand-over';

/**
 * A real link, so it works before any script and before the app has loaded; once the app
 * has loaded, a plain click is followed client-side.
 */
export function LandingLink({ to, onClick, onPointerEnter, onFocus, ...props }: AppLinkProps) {
  const preload = () => void loadApp().catch(() => undefined);
  return (
    <a
      {...props}
      // After the other attributes, as React Router's Link writes it: the same markup.
      href={to}
      onPointerEnter={(event) => {
        preload();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        // The landing is the page at `/`: its own link there just scrolls up (onClick).
        if (to === window.location.pathname) {
          event.preventDefault();
          return;
        }
        const app = appIfLoaded();
        if (!app) return;
        event.preventDefault();
        handOver(app, event.currentTarget);
      }}
    />
  );
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}
