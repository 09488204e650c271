import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Link, StaticRouter } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import type { PreviewProp } from '@shared/contract/master-props';
import { AppLinkContext } from '@client/components/app-link';
import { currentUserQueryKey } from '@client/features/auth/api/current-user';
import { DonateLink } from '@client/features/donate/components/donate-link';
import { PropPreview } from '@client/features/prop-preview/components/prop-preview';
import type { Read } from '@client/lib/read-state';
import { renderLanding } from '../../prerender';
import { createAppQueryClient, AppProviders } from '../providers';
import { AppRoutes } from '../router';
import { LandingLink } from './landing-link';

/**
 * The landing (its own entry, decision 0030) and the app's signed-out `/` must be the same
 * page: the app takes the landing's place without anything moving. And the landing's
 * classes are joined without tailwind-merge, so none may need merging.
 */

async function html(node: ReactNode) {
  const { prelude } = await prerenderToNodeStream(<StrictMode>{node}</StrictMode>);
  let text = '';
  for await (const chunk of prelude) text += Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

/** What differs without showing: Suspense's markers and React Router's `data-discover`. */
const shown = (markup: string) =>
  markup.replaceAll(/<!--\/?\$-->/g, '').replaceAll(' data-discover="true"', '');

const classesOf = (markup: string) =>
  [...markup.matchAll(/ class="([^"]*)"/g)].map((match) => match[1]?.replaceAll('&amp;', '&'));

function expectNoClassNeedsMerging(markup: string) {
  const classes = classesOf(markup);
  expect(classes.length).toBeGreaterThan(0);
  for (const value of classes) expect(twMerge(value)).toBe(value);
}

const props: PreviewProp[] = [
  { id: 1, sport: 'NFL', title: 'Bills at Jets', description: 'Who wins?' },
  { id: 2, sport: 'NCAAF', title: 'Georgia at Tennessee', description: 'Total points' },
];
const read = (state: Partial<Read<PreviewProp[]>>): Read<PreviewProp[]> => ({
  isPending: false,
  isError: false,
  isFetching: false,
  data: undefined,
  error: null,
  dataUpdatedAt: 0,
  refetch: () => undefined,
  ...state,
});

describe('the landing page', () => {
  it("is the app's signed-out home, element for element", async () => {
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(currentUserQueryKey, null);
    const app = await html(
      <AppProviders queryClient={queryClient}>
        <StaticRouter location="/">
          <AppLinkContext value={(linkProps) => <Link {...linkProps} />}>
            <AppRoutes />
          </AppLinkContext>
        </StaticRouter>
      </AppProviders>,
    );
    queryClient.clear();
    const landing = await renderLanding();
    expect(landing).toContain('Welcome to Pick&#x27;em');
    expect(shown(landing)).toBe(shown(app));
  });

  it('has no classes that would need tailwind-merge, in any state of its reads', async () => {
    expectNoClassNeedsMerging(await renderLanding());
    const linked = (node: ReactNode) =>
      renderToStaticMarkup(
        <AppLinkContext value={(linkProps) => <LandingLink {...linkProps} />}>
          {node}
        </AppLinkContext>,
      );
    expectNoClassNeedsMerging(linked(<DonateLink href="https://example.org/donate" />));
    expectNoClassNeedsMerging(linked(<PropPreview preview={read({ data: props })} />));
    expectNoClassNeedsMerging(
      linked(
        <PropPreview
          preview={read({ isError: true, isFetching: true, error: new Error('500: Down') })}
        />,
      ),
    );
  });

  it('fails the check on classes that conflict (the check can fail)', () => {
    expect(() => {
      expectNoClassNeedsMerging('<a class="text-sm px-4 text-base"></a>');
    }).toThrow();
  });
});
