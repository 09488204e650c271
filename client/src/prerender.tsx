/**
 * Built by scripts/build.mjs (Vite's SSR build) and run once at build time: the landing a
 * signed-out visitor sees at `/`, as HTML, so the server can send a page that paints
 * before any script has run (landing-main.tsx then hydrates it). The landing's own page
 * (decision 0030), made of the app's components; what needs the server (the prop preview,
 * the Donate link) renders its loading state, as it does in the browser before the API
 * answers.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { LandingPage } from './app/landing/landing-page';

export async function renderLanding(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
