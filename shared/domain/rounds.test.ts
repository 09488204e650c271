import { describe, expect, it } from 'vitest';
import {
  currentRoundOf,
  roundInstantOf,
  roundOf,
  roundsCountingFor,
  roundsOfProps,
  roundWinnersText,
  type RoundProp,
} from './rounds';

// Tuesday 2 September 2025, New York midnight (daylight time, UTC−4).
const seasonStart = new Date('2025-09-02T04:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('roundOf', () => {
  it.each([
    // The season's first week, from its Tuesday midnight to the next.
    ['2025-09-02T04:00:00.000Z', 1, '2025-09-02T04:00:00.000Z', '2025-09-09T04:00:00.000Z'],
    // Monday night football, 11:59 pm New York, is still Week 1.
    ['2025-09-09T03:59:00.000Z', 1, '2025-09-02T04:00:00.000Z', '2025-09-09T04:00:00.000Z'],
    // Tuesday midnight New York starts Week 2 (it is Tuesday 04:00 in UTC).
    ['2025-09-09T04:00:00.000Z', 2, '2025-09-09T04:00:00.000Z', '2025-09-16T04:00:00.000Z'],
    // Monday 11 pm New York is Tuesday in UTC, yet still the old week.
    ['2025-09-16T03:00:00.000Z', 2, '2025-09-09T04:00:00.000Z', '2025-09-16T04:00:00.000Z'],
    // The week the clocks fall back (Sunday 2 November) is 169 hours long.
    ['2025-11-02T18:00:00.000Z', 9, '2025-10-28T04:00:00.000Z', '2025-11-04T05:00:00.000Z'],
    // After it, rounds start at 05:00 UTC (standard time).
    ['2025-11-04T05:00:00.000Z', 10, '2025-11-04T05:00:00.000Z', '2025-11-11T05:00:00.000Z'],
    ['2025-11-04T04:30:00.000Z', 9, '2025-10-28T04:00:00.000Z', '2025-11-04T05:00:00.000Z'],
    // Across the new year.
    ['2026-01-05T01:00:00.000Z', 18, '2025-12-30T05:00:00.000Z', '2026-01-06T05:00:00.000Z'],
  ])('%s is in Week %i', (instant, index, startsAt, endsAt) => {
    const round = roundOf(seasonStart, at(instant));
    expect(round).toEqual({
      index,
      label: `Week ${index}`,
      startsAt: at(startsAt),
      endsAt: at(endsAt),
    });
  });

  it('spans 167 hours the week the clocks spring forward', () => {
    const springSeason = new Date('2026-03-03T05:00:00.000Z'); // Tuesday 3 March 2026
    const round = roundOf(springSeason, at('2026-03-08T20:00:00.000Z'));
    expect(round.index).toBe(1);
    expect(round.endsAt).toEqual(at('2026-03-10T04:00:00.000Z'));
    expect((round.endsAt.getTime() - round.startsAt.getTime()) / 3_600_000).toBe(167);
  });

  it('numbers from the week the season started in, whatever its weekday', () => {
    // Started on a Thursday: that week (from the Tuesday before) is Week 1.
    const thursdayStart = at('2025-09-04T16:00:00.000Z');
    expect(roundOf(thursdayStart, at('2025-09-03T12:00:00.000Z')).index).toBe(1);
    expect(roundOf(thursdayStart, at('2025-09-09T12:00:00.000Z')).index).toBe(2);
  });

  it('counts an instant before the season in Week 1', () => {
    const round = roundOf(seasonStart, at('2025-08-20T12:00:00.000Z'));
    expect(round.index).toBe(1);
    expect(round.startsAt).toEqual(seasonStart);
  });
});

describe('roundsOfProps', () => {
  const prop = (
    id: number,
    gameDate: string | null,
    result: string | null = null,
    createdAt = '2025-09-01T12:00:00.000Z',
  ): RoundProp => ({ id, gameDate, createdAt, result });

  it('places a prop by its game, else by its creation', () => {
    expect(roundInstantOf(prop(1, '2025-09-07T17:00:00Z'))).toEqual(at('2025-09-07T17:00:00Z'));
    expect(roundInstantOf(prop(1, null, null, '2025-09-10T12:00:00Z'))).toEqual(
      at('2025-09-10T12:00:00Z'),
    );
    expect(roundInstantOf({ gameDate: 'not a date', createdAt: null })).toBeNull();
  });

  it('lists the rounds holding props, in order, with their counts and completeness', () => {
    const rounds = roundsOfProps(seasonStart, [
      prop(3, '2025-09-21T17:00:00Z', null), // Week 3, undecided
      prop(1, '2025-09-07T17:00:00Z', 'Over'),
      prop(2, null, 'N/A', '2025-09-05T12:00:00Z'), // no game: created in Week 1, void
      prop(4, '2025-09-22T00:20:00Z', 'Home'), // Week 3
    ]);
    expect(
      rounds.map(({ label, propIds, propCount, complete }) => ({
        label,
        propIds,
        propCount,
        complete,
      })),
    ).toEqual([
      { label: 'Week 1', propIds: [1, 2], propCount: 2, complete: true },
      { label: 'Week 3', propIds: [3, 4], propCount: 2, complete: false },
    ]);
  });

  it('has no rounds without props', () => {
    expect(roundsOfProps(seasonStart, [])).toEqual([]);
  });
});

describe('roundsCountingFor', () => {
  it('leaves out a late joiner’s rounds that had locked when they joined', () => {
    const rounds = [
      { id: 11, label: 'Week 1', propCount: 2 },
      { id: 12, label: 'Week 2', propCount: 2 },
      { id: 13, label: 'Week 3', propCount: 1 },
    ];
    // Both props of Week 1 and one of Week 2 had locked when they joined, unpicked.
    const counting = roundsCountingFor(rounds, { 11: 2, 12: 1 });
    expect(counting.map((round) => round.label)).toEqual(['Week 2', 'Week 3']);
    expect(roundsCountingFor(rounds, null)).toHaveLength(3);
  });
});

describe('currentRoundOf', () => {
  const rounds = roundsOfProps(seasonStart, [
    { id: 1, gameDate: '2025-09-07T17:00:00Z', createdAt: null, result: 'A' }, // Week 1
    { id: 2, gameDate: '2025-09-21T17:00:00Z', createdAt: null, result: null }, // Week 3
  ]);
  const labelAt = (iso: string) => currentRoundOf(rounds, at(iso))?.label;

  it.each([
    ['2025-09-01T12:00:00Z', 'Week 1'], // before the season: the first
    ['2025-09-08T12:00:00Z', 'Week 1'], // under way
    ['2025-09-10T12:00:00Z', 'Week 3'], // an empty week: the next to come
    ['2025-09-20T12:00:00Z', 'Week 3'],
    ['2025-10-20T12:00:00Z', 'Week 3'], // after the last: the last
  ])('at %s opens on %s', (now, label) => {
    expect(labelAt(now)).toBe(label);
  });

  it('is null without rounds', () => {
    expect(currentRoundOf([], at('2025-09-08T12:00:00Z'))).toBeNull();
  });
});

describe('roundWinnersText', () => {
  it.each([
    [{ round: 'Week 1', winners: [{ displayName: 'Sam' }] }, 'Week 1 winner: Sam'],
    [
      {
        round: 'Week 3',
        winners: [{ displayName: 'Sam' }],
        decision: 'won on the tiebreaker: 47 vs 45',
      },
      'Week 3 winner: Sam (won on the tiebreaker: 47 vs 45)',
    ],
    [
      {
        round: 'Week 2',
        winners: [{ displayName: 'Ann' }, { displayName: 'Bo' }],
        decision: 'shared: equal on points and the tiebreaker',
      },
      'Week 2 winners: Ann and Bo (shared: equal on points and the tiebreaker)',
    ],
  ])('%j', (input, words) => {
    expect(roundWinnersText(input)).toBe(words);
  });
});
