/**
 * Built by scripts/build.mjs (Vite's SSR build) and run once at build time: the landing a
 * signed-out visitor sees at `/`, as HTML, so the server can send a page that paints
 * before any script has run (main.tsx then hydrates it). Same routes, layout and
 * components as the browser; what needs the server (the prop preview) renders its loading
 * state, as it does in the browser before the API answers.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { currentUserQueryKey } from './features/auth/api/current-user';
import { createQueryClient } from './lib/query-client';

export async function renderLanding(): Promise<string> {
  const queryClient = createQueryClient({ onUnauthorized: () => {} });
  // Who gets this page: a browser with no session, so a visitor (main.tsx does the same).
  queryClient.setQueryData(currentUserQueryKey, null);

  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location="/">
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    // The cache's garbage-collection timers (five minutes) would otherwise keep the build
    // process alive after it has finished, and `npm start` waits for it.
    queryClient.clear();
  }
}
