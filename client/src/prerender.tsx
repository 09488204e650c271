/**
 * Built by scripts/build.mjs (Vite's SSR build) and run once at build time: the landing a
 * signed-out visitor sees at `/`, as HTML, so the server can send a page that paints
 * before any script has run (landing-main.tsx then hydrates it), and a group page's first
 * paint (the app draws over it). The landing's own page
 * (decision 0030), made of the app's components; what needs the server (the prop preview,
 * the Donate link) renders its loading state, as it does in the browser before the API
 * answers.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { FIRST_PAINT_END, FIRST_PAINT_START } from '@shared/first-paint';
import { GroupFirstPaint } from './app/group-first-paint';
import { LandingPage } from './app/landing/landing-page';

export const renderLanding = () => renderToHtml(<LandingPage />);

/**
 * A group page's first paint, between its markers, with the group's name as a slot the
 * server fills (decision 0031).
 */
export const renderGroupFirstPaint = async () =>
  `${FIRST_PAINT_START}${await renderToHtml(<GroupFirstPaint />)}${FIRST_PAINT_END}`;

async function renderToHtml(page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<StrictMode>{page}</StrictMode>);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
