import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEvent } from '@shared/contract/activity';
import { createQueryClient } from '@client/lib/query-client';
import { RecentActivityCard } from './recent-activity-card';

/** 70 events, newest (highest id) first, as the server keeps them. */
const feed: ActivityEvent[] = Array.from({ length: 70 }, (_, index) => ({
  id: 70 - index,
  groupId: 3,
  predictionId: null,
  createdAt: new Date(Date.UTC(2025, 8, 1) - index * 60_000).toISOString(),
  actorName: 'Lea',
  eventType: 'new',
  eventData: { type: 'prebuilt', count: 70 - index },
}));

/** GET /api/activity-events/:id?limit&before as the server answers it. */
function serveFeed() {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>().mockImplementation((path) => {
    const url = new URL(path, 'http://app.test');
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const before = url.searchParams.get('before');
    const start = before === null ? 0 : feed.findIndex((event) => event.id === Number(before)) + 1;
    return Promise.resolve(Response.json(feed.slice(start, start + limit)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Recent Activity', () => {
  it('shows the 5 newest, and All Activity a page of 50 at a time', async () => {
    const fetchMock = serveFeed();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <RecentActivityCard groupId={3} />
      </QueryClientProvider>,
    );
    const recent = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'All Activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'All Activity' });
    const all = await within(dialog).findByRole('list', { name: 'All activity' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(50);
    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => {
      expect(within(all).getAllByRole('listitem')).toHaveLength(70);
    });
    // A short page is the last: nothing more to offer.
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/activity-events/3?limit=5',
      '/api/activity-events/3',
      '/api/activity-events/3?before=21',
    ]);
  });
});
