import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StandingsHistory } from '@shared/contract/rounds';
import { RankChart } from './rank-chart';

const history: StandingsHistory = {
  rounds: [
    { id: 11, label: 'Week 1' },
    { id: 12, label: 'Week 2' },
  ],
  members: [
    { userId: 1, displayName: 'Sam', ranks: [2, 1], points: [3, 8] },
    { userId: 2, displayName: 'Kim', ranks: [1, 2], points: [4, 6] },
  ],
};

describe('the rank chart', () => {
  it('keeps the same figures in a table for a screen reader, shown on demand', async () => {
    render(<RankChart history={history} viewerId={2} />);
    const table = screen.getByRole('table', { name: 'Place after each week, top ten and you' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Member', 'Week 1', 'Week 2'],
      ['Sam', '#2', '#1'],
      ['Kim (you)', '#1', '#2'],
    ]);
    expect(table.parentElement?.className).toContain('sr-only');
    expect(screen.getByTestId('rank-chart')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show as table' }));
    expect(table.parentElement?.className).not.toContain('sr-only');
    expect(screen.queryByTestId('rank-chart')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('draws nothing before a round has begun', () => {
    const { container } = render(<RankChart history={{ rounds: [], members: [] }} viewerId={2} />);
    expect(container.textContent).toBe('');
  });
});
