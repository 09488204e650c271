/**
 * Answers the page asked for before the app's scripts ran (client/public/early-data.js,
 * written into group.html by the build). Each is taken once, and only while the page is
 * still loading and nothing has been written: later reads of the same address must see the
 * server's current answer.
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

/**
 * A write may change what any of them says (a leader deletes the props the page read a
 * moment ago): after one, none is used, and the next read of each address asks the server.
 */
export function discardEarlyResponses() {
  if (typeof window !== 'undefined') delete window.__pickemEarly;
}
