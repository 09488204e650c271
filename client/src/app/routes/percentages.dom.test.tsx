import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cardStatsFromCounts, winRatePercent } from '@shared/domain/group-stats';
import { PersonalStatsCardView } from '@client/features/leaderboard/components/personal-stats-card';
import { GroupCard } from '@client/features/groups/components/group-card';

/**
 * Issue 12 'One percentage per person' (decision 0023): the same record reads 38 % on the
 * home card and 50.0 % on the group page, and each says what it is out of.
 */
const record = { wins: 3, losses: 3, pending: 2, picksMade: 8 };
const card = cardStatsFromCounts({
  record,
  remainingPicks: 0,
  propsWithResults: 6,
  totalValidProps: 8,
  memberCount: 4,
  leaderboardPosition: 2,
});

describe('the two percentages of one record', () => {
  it('each says what it counts, and the stats card says why the home card reads lower', () => {
    render(
      <MemoryRouter>
        <GroupCard
          group={{
            ...card,
            id: 7,
            name: 'Sunday Crew',
            createdAt: '2026-11-01T00:00:00.000Z',
            isOfficial: false,
            isJoined: true,
            isLeader: false,
            isPaid: false,
            trackPaymentStatus: false,
            isLocked: true,
            lockType: 'leader',
            lockValue: null,
          }}
        />
        <PersonalStatsCardView
          stats={{
            wins: record.wins,
            losses: record.losses,
            pending: record.pending,
            winRate: winRatePercent(record.wins, record.losses),
            position: 2,
            totalMembers: 4,
          }}
        />
      </MemoryRouter>,
    );
    // Issue 42: the record leads ('3–3, 2 pending'); the percentage follows, labelled.
    const performance = within(screen.getByRole('group', { name: 'Performance' }));
    expect(performance.getByText('Wins and losses').parentElement?.textContent).toBe(
      'Wins and losses 3–3',
    );
    expect(performance.getByText('2 pending')).toBeTruthy();
    expect(
      performance.getByText('Performance 38%: correct, out of decided and undecided picks'),
    ).toBeTruthy();

    const stats = within(screen.getByRole('region', { name: 'Your Stats' }));
    // The basis is part of the term, so the values stay one definition each.
    const winRate = stats.getByText('Win Rate').closest('div')!;
    expect(winRate.querySelector('dt')?.textContent).toBe('Win Rateout of decided picks');
    expect(winRate.querySelector('dd')?.textContent).toBe('50.0%');
    expect(stats.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '3',
      '3',
      '50.0%',
      '2',
    ]);
    expect(
      stats.getByText(
        "Your home card's Performance also counts your 2 undecided picks, so it reads lower until they are decided.",
      ),
    ).toBeTruthy();
  });
});

describe('the home card while props are left to pick', () => {
  it('says how many were missed, so the counts add up', () => {
    const open = cardStatsFromCounts({
      record: { wins: 4, losses: 0, pending: 0, picksMade: 4 },
      remainingPicks: 10,
      propsWithResults: 4,
      totalValidProps: 16,
      memberCount: 5,
      leaderboardPosition: 1,
    });
    render(
      <MemoryRouter>
        <GroupCard
          group={{
            ...open,
            id: 8,
            name: 'Week One',
            createdAt: '2026-11-01T00:00:00.000Z',
            isOfficial: false,
            isJoined: true,
            isLeader: false,
            isPaid: false,
            trackPaymentStatus: false,
            isLocked: false,
            lockType: 'game',
            lockValue: null,
          }}
        />
      </MemoryRouter>,
    );
    const remaining = within(screen.getByRole('group', { name: 'Picks Remaining' }));
    expect(remaining.getByText('10')).toBeTruthy();
    expect(remaining.getByText('4 of 16 props picked · 2 missed')).toBeTruthy();
  });
});
