import { useEffect, useRef } from 'react';

let lastDialogEntry = 0;

interface DialogEntryState {
  pickemDialog?: number;
}

const currentEntry = () => (window.history.state as DialogEntryState | null)?.pickemDialog;

/**
 * `history.back()` lands later, in a popstate event: a dialog opened meanwhile waits until
 * the entry is off, or that event would close it.
 */
let entryLeaving: Promise<void> = Promise.resolve();

function takeEntryOff(): Promise<void> {
  entryLeaving = new Promise((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
    window.history.back();
  });
  return entryLeaving;
}

/**
 * Back closes an open dialog instead of leaving the page (what Android users expect): the
 * open dialog has a history entry at the same address and router state. Stacked dialogs
 * each have their own, so Back closes the top one first.
 */
export function useCloseOnBack(close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    lastDialogEntry += 1;
    const entry = lastDialogEntry;
    let open = true;
    let pushed = false;
    let backed = false;
    const onPopState = () => {
      if (backed || currentEntry() === entry) return;
      backed = true;
      closeRef.current();
    };
    void entryLeaving.then(() => {
      if (!open) return;
      const state: unknown = window.history.state;
      window.history.pushState(
        { ...(state && typeof state === 'object' ? state : {}), pickemDialog: entry },
        '',
        window.location.href,
      );
      pushed = true;
      window.addEventListener('popstate', onPopState);
    });
    return () => {
      open = false;
      window.removeEventListener('popstate', onPopState);
      if (pushed && !backed && currentEntry() === entry) void takeEntryOff();
    };
  }, []);
}

/** Before a navigation that replaces the entry: else the page being left stays one Back away. */
export function leaveDialogEntry(): Promise<void> {
  if (currentEntry() === undefined) return entryLeaving;
  return takeEntryOff();
}
