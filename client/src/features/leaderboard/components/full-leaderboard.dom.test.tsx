import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import { createQueryClient } from '@client/lib/query-client';
import { FullLeaderboard } from './full-leaderboard';

const TOTAL = 120;
const board: LeaderboardEntry[] = Array.from({ length: TOTAL }, (_, index) => ({
  user: { id: index + 1, displayName: `Player ${index + 1}` },
  wins: TOTAL - index,
  losses: 0,
  pending: 0,
  percentage: 100,
  position: index + 1,
}));

/** The server's answer to GET /api/leaderboard/:id?limit&offset: a slice and the total. */
function serveBoard() {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>().mockImplementation((path) => {
    const url = new URL(path, 'http://app.test');
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return Promise.resolve(
      Response.json(board.slice(offset, offset + limit), {
        headers: { 'X-Total-Count': String(TOTAL) },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Full Leaderboard', () => {
  it('loads the board 50 rows at a time, as the viewer asks', async () => {
    const fetchMock = serveBoard();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <FullLeaderboard groupId={4} viewerId={60} leaderId={1} placeholder={board.slice(0, 5)} />
      </QueryClientProvider>,
    );
    const rows = () => screen.getByRole('list', { name: 'Standings' }).querySelectorAll('li');

    await screen.findByRole('button', { name: 'Show more (50 of 120)' });
    expect(rows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Show more (50 of 120)' }));
    await screen.findByRole('button', { name: 'Show more (100 of 120)' });
    expect(rows()).toHaveLength(100);
    expect(rows()[59]?.textContent).toContain('(you)');
    await user.click(screen.getByRole('button', { name: 'Show more (100 of 120)' }));
    await vi.waitFor(() => {
      expect(rows()).toHaveLength(120);
    });
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/leaderboard/4?limit=50&offset=0',
      '/api/leaderboard/4?limit=50&offset=50',
      '/api/leaderboard/4?limit=50&offset=100',
    ]);
  });
});
