/**
 * Answers the page asked for before the app's scripts ran (client/public/early-data.js).
 * Each is taken once, only while the page is still loading and nothing has been written.
 */
const EARLY_FOR_MS = 10_000;

declare global {
  interface Window {
    __pickemEarly?: Record<string, Promise<Response> | undefined>;
  }
}

export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__pickemEarly;
  const response = early?.[url];
  if (!early || !response) return undefined;
  delete early[url];
  return performance.now() < EARLY_FOR_MS ? response : undefined;
}

/** After a write, none is used: it may have changed what any of them says. */
export function discardEarlyResponses() {
  if (typeof window !== 'undefined') delete window.__pickemEarly;
}
