import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry } from '@shared/contract/props';
import type { RoundInfo } from '@shared/contract/rounds';
import type { BoardChoice } from '@client/lib/board-choice';
import { BoardOutcome, BoardSwitcher, SeasonSwitcher } from './board-switcher';
import { StandingsList } from './standings-list';

const rounds: RoundInfo[] = [
  {
    id: 11,
    label: 'Week 1',
    startsAt: '2026-12-01T05:00:00.000Z',
    endsAt: '2026-12-08T05:00:00.000Z',
    propCount: 2,
    complete: true,
    winners: [{ userId: 1, displayName: 'Sam' }],
  },
  {
    id: 12,
    label: 'Week 2',
    startsAt: '2026-12-08T05:00:00.000Z',
    endsAt: '2026-12-15T05:00:00.000Z',
    propCount: 3,
    complete: false,
    winners: [],
  },
];
const [week1, week2] = rounds as [RoundInfo, RoundInfo];

const entry = (id: number, name: string, points: number, rest: Partial<LeaderboardEntry> = {}) => ({
  user: { id, displayName: name },
  wins: points,
  losses: 1,
  pending: 0,
  percentage: 50,
  position: id,
  points,
  ...rest,
});

describe('the board switcher', () => {
  it('lists the rounds and the season, and tells which was chosen', async () => {
    const chosen: BoardChoice['board'][] = [];
    render(
      <BoardSwitcher
        rounds={rounds}
        view={{ kind: 'round', seasonId: null, round: week2 }}
        onChoose={(board) => chosen.push(board)}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Board');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Week 1',
      'Week 2',
      'Season',
    ]);
    expect(select.value).toBe('12');
    const user = userEvent.setup();
    await user.selectOptions(select, 'Week 1');
    await user.selectOptions(select, 'Season');
    expect(chosen).toEqual([{ roundId: 11 }, 'season']);
  });
});

describe("a board's outcome", () => {
  it("names a round's winner and what decided it", () => {
    render(
      <BoardOutcome
        view={{ kind: 'round', seasonId: null, round: week1 }}
        rounds={rounds}
        top={{
          entries: [
            entry(1, 'Sam', 3, {
              decision: { decidedBy: 'tiebreaker', text: 'won on the tiebreaker: 47 vs 50' },
            }),
          ],
          total: 2,
        }}
      />,
    );
    expect(screen.getByTestId('round-outcome').textContent).toBe(
      'Week 1 winner: Sam · won on the tiebreaker: 47 vs 50',
    );
  });

  it('says a round is still in play', () => {
    render(
      <BoardOutcome
        view={{ kind: 'round', seasonId: null, round: week2 }}
        rounds={rounds}
        top={undefined}
      />,
    );
    expect(screen.getByTestId('round-outcome').textContent).toBe('Week 2 is in play: 3 props.');
  });

  it("lists each round's winners under the season", () => {
    render(
      <BoardOutcome view={{ kind: 'season', seasonId: null }} rounds={rounds} top={undefined} />,
    );
    expect(screen.getByRole('list', { name: 'Weekly winners' }).textContent).toBe(
      'Week 1 winner: Sam',
    );
  });
});

describe('points on the board', () => {
  it('shows points beside the record, and the total before dropped rounds when asked', () => {
    render(
      <StandingsList
        entries={[
          entry(1, 'Sam', 9, { pointsBeforeDrop: 11 }),
          entry(2, 'Kim', 7, { pointsBeforeDrop: 7 }),
        ]}
        viewerId={2}
        leaderId={1}
        beforeDrop
      />,
    );
    expect(screen.getAllByTestId('points').map((cell) => cell.textContent)).toEqual([
      '9 points',
      '7 points',
    ]);
    expect(screen.getAllByTestId('before-drop').map((cell) => cell.textContent)).toEqual([
      '11 before drop',
      '7 before drop',
    ]);
  });
});

describe('the season switcher', () => {
  it('lists the seasons newest first, the archived ones with their champions', async () => {
    const chosen: (number | null)[] = [];
    render(
      <SeasonSwitcher
        seasons={[
          {
            id: 1,
            name: 'Season 1',
            startedAt: '2026-09-01T00:00:00.000Z',
            endedAt: '2026-12-01T00:00:00.000Z',
            champions: [{ userId: 1, displayName: 'Sam' }],
          },
          {
            id: 2,
            name: '2027',
            startedAt: '2026-12-01T00:00:00.000Z',
            endedAt: null,
            champions: [],
          },
        ]}
        seasonId={null}
        onChoose={(seasonId) => chosen.push(seasonId)}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Season');
    expect([...select.options].map((option) => option.text)).toEqual([
      '2027 (current)',
      'Season 1 · champion: Sam',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'Season 1 · champion: Sam');
    await user.selectOptions(select, '2027 (current)');
    expect(chosen).toEqual([1, null]);
  });
});
