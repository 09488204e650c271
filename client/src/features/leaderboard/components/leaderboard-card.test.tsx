// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import { LeaderboardCardView } from './leaderboard-card';

const entries: LeaderboardEntry[] = Array.from({ length: 8 }, (_, index) => ({
  user: { id: index + 1, displayName: `Player ${index + 1}` },
  wins: 8 - index,
  losses: index,
  pending: 0,
  percentage: Math.round(((8 - index) / 8) * 1000) / 10,
  position: index + 1,
}));

const rows = () =>
  within(screen.getByRole('region', { name: 'Leaderboard' })).getAllByRole('listitem');

describe('the leaderboard toggle', () => {
  it('shows the top 5, then everyone, then the top 5 again', async () => {
    const user = userEvent.setup();
    render(<LeaderboardCardView entries={entries} error={null} viewerId={7} leaderId={1} />);

    expect(rows()).toHaveLength(5);
    expect(screen.queryByText('Player 7')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Full Leaderboard (8 total)' }));
    expect(rows()).toHaveLength(8);
    expect(rows()[6]).toHaveProperty('textContent', expect.stringContaining('(you)'));

    await user.click(screen.getByRole('button', { name: 'Show Top 5' }));
    expect(rows()).toHaveLength(5);
  });

  it('offers no toggle when everyone fits', () => {
    render(
      <LeaderboardCardView entries={entries.slice(0, 3)} error={null} viewerId={1} leaderId={1} />,
    );
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Full Leaderboard/ })).toBeNull();
  });
});
