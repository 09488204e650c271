import { describe, expect, it } from 'vitest';
import type { UserPrediction } from '@shared/contract/props';
import { testProp } from '@client/test/prop-fixture';
import { currentRoundPicks, roundDaysLabel } from './round-picks';

const pick = (id: number, propId: number, confidence: number): UserPrediction => ({
  id,
  userId: 5,
  predictionId: propId,
  groupId: 7,
  selectedOption: 'over',
  isCorrect: null,
  confidence,
  isLock: false,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
});

const OPEN = { lockType: 'game', lockValue: null, isLocked: false } as const;

describe('the round a pick sheet numbers', () => {
  // Week of Tuesday Dec 8 2026 in New York; the next week starts Dec 15.
  const thursday = testProp({ id: 1, title: 'Thursday', gameDate: '2026-12-11T01:15:00.000Z' });
  const monday = testProp({ id: 2, title: 'Monday', gameDate: '2026-12-15T01:15:00.000Z' });
  const nextWeek = testProp({ id: 3, title: 'Next week', gameDate: '2026-12-18T01:15:00.000Z' });
  const props = [thursday, monday, nextWeek];
  const picks = [pick(10, 1, 1), pick(11, 2, 2), pick(12, 3, 1)];

  it('is the week under way, its size its props, its picks most confident first', () => {
    const round = currentRoundPicks(props, picks, OPEN, new Date('2026-12-09T12:00:00.000Z'));
    expect(round?.size).toBe(2);
    expect(round?.rows.map((row) => row.prop.title)).toEqual(['Monday', 'Thursday']);
    expect(round && roundDaysLabel(round)).toBe('Dec 8 – Dec 14');
  });

  it('is the next week once this one is over, and says which picks have locked', () => {
    const round = currentRoundPicks(props, picks, OPEN, new Date('2026-12-15T06:00:00.000Z'));
    expect(round?.size).toBe(1);
    expect(round?.rows.map((row) => [row.prop.title, row.locked])).toEqual([['Next week', false]]);
  });

  it('is none without props', () => {
    expect(currentRoundPicks([], [], OPEN, new Date())).toBeNull();
  });
});
