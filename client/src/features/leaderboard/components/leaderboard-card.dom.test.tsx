import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import { LeaderboardCardView } from './leaderboard-card';
import { StandingsList } from './standings-list';

const entries: LeaderboardEntry[] = Array.from({ length: 8 }, (_, index) => ({
  user: { id: index + 1, displayName: `Player ${index + 1}` },
  wins: 8 - index,
  losses: index,
  pending: 0,
  percentage: Math.round(((8 - index) / 8) * 1000) / 10,
  position: index + 1,
}));

const region = () => within(screen.getByRole('region', { name: 'Leaderboard' }));
const rows = () => region().getByRole('list', { name: 'Standings' }).querySelectorAll('li');

function renderCard(viewerId: number, board = entries) {
  render(
    <LeaderboardCardView
      top={{ entries: board.slice(0, 5), total: board.length }}
      viewerRow={board.find((entry) => entry.user.id === viewerId) ?? null}
      viewerId={viewerId}
      leaderId={1}
      fullBoard={<StandingsList entries={board} viewerId={viewerId} leaderId={1} />}
    />,
  );
}

describe('the leaderboard card', () => {
  it('shows the top 5, then everyone, then the top 5 again', async () => {
    const user = userEvent.setup();
    renderCard(3);

    expect(rows()).toHaveLength(5);
    expect(screen.queryByText('Player 7')).toBeNull();
    expect(region().queryByRole('list', { name: 'Your place' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Full Leaderboard (8 total)' }));
    expect(rows()).toHaveLength(8);
    expect(rows()[2]).toHaveProperty('textContent', expect.stringContaining('(you)'));

    await user.click(screen.getByRole('button', { name: 'Show Top 5' }));
    expect(rows()).toHaveLength(5);
  });

  it('shows a viewer below the top 5 their own row beneath it', () => {
    renderCard(7);
    expect(rows()).toHaveLength(5);
    const own = region().getByRole('list', { name: 'Your place' });
    expect(own.textContent).toContain('Position 7');
    expect(own.textContent).toContain('Player 7');
    expect(own.textContent).toContain('(you)');
    expect(own.textContent).toContain('2–6');
  });

  it('offers no toggle when everyone fits', () => {
    renderCard(1, entries.slice(0, 3));
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Full Leaderboard/ })).toBeNull();
  });

  it('offers no toggle with exactly 5 entries: it would show nothing more', () => {
    renderCard(1, entries.slice(0, 5));
    expect(rows()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Full Leaderboard/ })).toBeNull();
  });
});
