/**
 * Run once at build time: the landing and a group page's first paint as HTML, so the
 * server sends pages that paint before any script runs. What needs the API renders its
 * loading state.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { FIRST_PAINT_END, FIRST_PAINT_START } from '@shared/first-paint';
import { GroupFirstPaint } from './app/group-first-paint';
import { LandingPage } from './app/landing/landing-page';

export const renderLanding = () => renderToHtml(<LandingPage />);

/** Between its markers, with the group's name as a slot the server fills. */
export const renderGroupFirstPaint = async () =>
  `${FIRST_PAINT_START}${await renderToHtml(<GroupFirstPaint />)}${FIRST_PAINT_END}`;

async function renderToHtml(page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<StrictMode>{page}</StrictMode>);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
