import { useSyncExternalStore } from 'react';

/** The stylesheet follows the system through `color-scheme` and `light-dark()`, with no script. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Read by every page's inline script in its head (client/index.html), before anything paints. */
export const STORAGE_KEY = 'pickem-theme';
const listeners = new Set<() => void>();

function applyTheme(theme: Theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // No storage (private browsing): the choice lasts for this page only.
  }
  applyTheme(theme);
  listeners.forEach((listener) => {
    listener();
  });
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.dataset.theme as Theme | undefined) ?? 'system',
    () => 'system' as const,
  );
}
