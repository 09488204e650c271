import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { Toaster } from '@client/components/ui/toaster';
import { dismissToast } from '@client/lib/toast';
import { testProp } from '@client/test/prop-fixture';
import { groupPropsQueryOptions, useGroupProps } from '../api/group-props';
import { PropCard } from './prop-card';

const GROUP_ID = 7;

const prop = testProp({ groupId: GROUP_ID });

/** The group page's way: the cards come from the props query, which the pick updates. */
function Cards() {
  const { data } = useGroupProps(GROUP_ID, ALL_SPORTS);
  return (
    <>
      {data?.map((each) => (
        <PropCard
          key={each.id}
          prop={each}
          group={{ lockType: 'game', lockValue: null, isLocked: false }}
          now={new Date('2026-11-23T00:00:00.000Z')}
          scope={{ groupId: GROUP_ID, userId: 2 }}
        />
      ))}
    </>
  );
}

/** Listens on a free port of 127.0.0.1 and makes it the page's origin: its requests go there. */
async function servePageFrom(server: NetServer) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `http://127.0.0.1:${address.port}/`,
  );
}

/**
 * Where the page's requests go: a port that takes the connection and holds it until told
 * to drop it. The pick is made by the app's own fetchers over a real connection; dropping
 * it is the refusal (no stand-in for the server answers anything).
 */
async function heldConnections() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await servePageFrom(server);
  return {
    waitForRequest: () =>
      waitFor(() => {
        expect(sockets.length).toBeGreaterThan(0);
      }),
    drop: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/**
 * Where the page's requests go: an HTTP server that keeps each pick until the test answers
 * it, with what the real server answers for a saved pick (its contract's shape).
 */
async function answeredOnCue() {
  const held: { body: { predictionId: number; selectedOption: string }; reply: ServerResponse }[] =
    [];
  const server = createHttpServer((request, reply) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => held.push({ body: JSON.parse(raw) as never, reply }));
  });
  await servePageFrom(server);
  return {
    /** The option the nth pick request (from 1) asked for, once it has arrived. */
    request: async (nth: number) => {
      await waitFor(() => {
        expect(held.length).toBeGreaterThanOrEqual(nth);
      });
      return held[nth - 1]?.body.selectedOption;
    },
    answer: (nth: number) => {
      const entry = held[nth - 1];
      if (!entry) throw new Error(`no request ${nth}`);
      const at = new Date().toISOString();
      entry.reply.writeHead(201, { 'content-type': 'application/json' });
      entry.reply.end(
        JSON.stringify({
          id: 40,
          userId: 2,
          predictionId: entry.body.predictionId,
          groupId: GROUP_ID,
          selectedOption: entry.body.selectedOption,
          confidence: 1,
          isLock: false,
          isCorrect: null,
          createdAt: at,
          updatedAt: at,
        }),
      );
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

afterEach(() => {
  act(() => {
    dismissToast();
  });
});

/** The cards of a cached list of one prop, with the toasts. */
function renderCards() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  const key = groupPropsQueryOptions(GROUP_ID, ALL_SPORTS).queryKey;
  queryClient.setQueryData(key, [prop]);
  render(
    <QueryClientProvider client={queryClient}>
      <Cards />
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, key };
}

describe('a pick', () => {
  it('shows as chosen at once, and is put back with a message when the request is refused', async () => {
    const network = await heldConnections();
    renderCards();
    const over = screen.getByRole('button', { name: /Over 44\.5/ });
    expect(over.getAttribute('aria-pressed')).toBe('false');

    await userEvent.setup().click(over);

    // Chosen at once, while the request is still out.
    expect(over.getAttribute('aria-pressed')).toBe('true');
    await network.waitForRequest();
    expect(screen.getByRole('button', { name: /Over 44\.5/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    network.drop();
    expect(await screen.findByText('Failed to save pick')).toBeTruthy();
    // The toast says why, and so does the card itself.
    expect(screen.getByText(/^Your pick on "Bills at Jets" was not saved: /)).toBeTruthy();
    expect(screen.getByText(/^Not saved: /)).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /Over 44\.5/ }).getAttribute('aria-pressed')).toBe(
        'false',
      );
    });
  });

  it('shows within the click itself, before the cached list hears of it; a refusal still puts it back', async () => {
    const network = await heldConnections();
    const { queryClient, key } = renderCards();
    const over = screen.getByRole('button', { name: /Over 44\.5/ });

    // No awaiting: what the card shows when the click's own event is over.
    fireEvent.click(over);

    expect(over.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Saving…')).toBeTruthy();
    // The card showed it by itself: the cached list has not been updated yet.
    expect(queryClient.getQueryData<(typeof prop)[]>(key)?.[0]?.myPick).toBeNull();
    // A second tap on the shown pick sends nothing more.
    fireEvent.click(over);
    await waitFor(() => {
      expect(queryClient.getQueryData<(typeof prop)[]>(key)?.[0]?.myPick?.selectedOption).toBe(
        'over',
      );
    });
    expect(queryClient.isMutating()).toBe(1);
    expect(over.getAttribute('aria-pressed')).toBe('true');

    await network.waitForRequest();
    network.drop();
    expect(await screen.findByText(/^Not saved: /)).toBeTruthy();
    await waitFor(() => {
      expect(over.getAttribute('aria-pressed')).toBe('false');
    });
    expect(queryClient.getQueryData<(typeof prop)[]>(key)?.[0]?.myPick).toBeNull();
  });

  it('tapped on one option and then another before the first is saved, shows the second throughout', async () => {
    const server = await answeredOnCue();
    const { queryClient, key } = renderCards();
    const over = () => screen.getByRole('button', { name: /Over 44\.5/ });
    const under = () => screen.getByRole('button', { name: /Under 44\.5/ });
    const shown = () => [over(), under()].map((button) => button.getAttribute('aria-pressed'));

    fireEvent.click(over());
    expect(await server.request(1)).toBe('over');
    fireEvent.click(under());
    expect(shown()).toEqual(['false', 'true']);

    // The first pick's answer reaches the cache while the second waits its turn.
    server.answer(1);
    await waitFor(() => {
      expect(queryClient.getQueryData<(typeof prop)[]>(key)?.[0]?.myPick?.id).toBe(40);
    });
    expect(shown()).toEqual(['false', 'true']);

    expect(await server.request(2)).toBe('under');
    expect(shown()).toEqual(['false', 'true']);
    server.answer(2);
    expect(await screen.findByText('Saved ✓')).toBeTruthy();
    expect(shown()).toEqual(['false', 'true']);
    expect(queryClient.getQueryData<(typeof prop)[]>(key)?.[0]?.myPick?.selectedOption).toBe(
      'under',
    );
    server.close();
  });
});
