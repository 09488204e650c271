import { describe, expect, it } from 'vitest';
import type { RoundInfo } from '@shared/contract/rounds';
import { boardScopeOf, boardViewOf, roundWinnersText } from './board-view';

const round = (id: number, label: string, startsAt: string, endsAt: string): RoundInfo => ({
  id,
  label,
  startsAt,
  endsAt,
  propCount: 2,
  complete: false,
  winners: [],
});

const rounds = [
  round(11, 'Week 1', '2026-12-01T05:00:00.000Z', '2026-12-08T05:00:00.000Z'),
  round(12, 'Week 2', '2026-12-08T05:00:00.000Z', '2026-12-15T05:00:00.000Z'),
];
const duringWeek2 = new Date('2026-12-10T12:00:00.000Z');

describe('the board a choice stands for', () => {
  it('opens the current season on the round under way', () => {
    const view = boardViewOf({ seasonId: null, board: 'current' }, rounds, duringWeek2);
    expect(view).toMatchObject({ kind: 'round', round: { id: 12 } });
    expect(view && boardScopeOf(view)).toEqual({ round: 12 });
  });

  it('waits for the rounds, except for the season board', () => {
    expect(boardViewOf({ seasonId: null, board: 'current' }, undefined, duringWeek2)).toBe(
      undefined,
    );
    expect(boardViewOf({ seasonId: null, board: 'season' }, undefined, duringWeek2)).toEqual({
      kind: 'season',
      seasonId: null,
    });
  });

  it('shows a chosen round, and the season for a round that is not listed', () => {
    expect(
      boardViewOf({ seasonId: null, board: { roundId: 11 } }, rounds, duringWeek2),
    ).toMatchObject({ kind: 'round', round: { label: 'Week 1' } });
    expect(boardViewOf({ seasonId: null, board: { roundId: 99 } }, rounds, duringWeek2)).toEqual({
      kind: 'season',
      seasonId: null,
    });
  });

  it('opens an archived season on its final board, asked for by its id', () => {
    const view = boardViewOf({ seasonId: 4, board: 'current' }, rounds, duringWeek2);
    expect(view).toEqual({ kind: 'season', seasonId: 4 });
    expect(view && boardScopeOf(view)).toEqual({ season: 4 });
    expect(boardScopeOf({ kind: 'season', seasonId: null })).toEqual({});
  });

  it('a season without rounds shows the season', () => {
    expect(boardViewOf({ seasonId: null, board: 'current' }, [], duringWeek2)).toEqual({
      kind: 'season',
      seasonId: null,
    });
  });
});

describe("a round's winners in words", () => {
  const winner = (displayName: string) => ({ userId: 1, displayName });
  it('names one, two or more, and nothing before there is one', () => {
    expect(roundWinnersText({ label: 'Week 3', winners: [] })).toBeNull();
    expect(roundWinnersText({ label: 'Week 3', winners: [winner('Sam')] })).toBe(
      'Week 3 winner: Sam',
    );
    expect(roundWinnersText({ label: 'Week 3', winners: [winner('Sam'), winner('Kim')] })).toBe(
      'Week 3 winners: Sam and Kim',
    );
    expect(
      roundWinnersText({ label: 'Week 3', winners: [winner('Sam'), winner('Kim'), winner('Lee')] }),
    ).toBe('Week 3 winners: Sam, Kim and Lee');
  });
});
