import { describe, expect, it } from 'vitest';
import {
  easternStartOfDay,
  easternWallTimeOf,
  easternWallTimeToDate,
  isValidWallTime,
  shiftEasternDays,
} from './eastern-time';

const wall = (text: string) => {
  const [date = '', time = '00:00'] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return {
    year: year ?? 0,
    month: month ?? 0,
    day: day ?? 0,
    hour: hour ?? 0,
    minute: minute ?? 0,
  };
};

describe('easternWallTimeToDate', () => {
  it.each([
    // standard time (UTC−5)
    ['2025-01-12 13:00', '2025-01-12T18:00:00.000Z'],
    // daylight time (UTC−4)
    ['2025-09-14 13:00', '2025-09-14T17:00:00.000Z'],
    ['2025-09-14 20:20', '2025-09-15T00:20:00.000Z'],
    // the spring-forward day: before and after the skipped hour
    ['2025-03-09 01:59', '2025-03-09T06:59:00.000Z'],
    ['2025-03-09 03:00', '2025-03-09T07:00:00.000Z'],
    // the fall-back day: 01:30 happens twice, the first (daylight) reading wins
    ['2025-11-02 01:30', '2025-11-02T05:30:00.000Z'],
    ['2025-11-02 00:30', '2025-11-02T04:30:00.000Z'],
    ['2025-11-02 02:30', '2025-11-02T07:30:00.000Z'],
    // leap day, new year's eve across the UTC date line
    ['2028-02-29 12:00', '2028-02-29T17:00:00.000Z'],
    ['2025-12-31 22:00', '2026-01-01T03:00:00.000Z'],
  ])('%s New York is %s', (input, expected) => {
    expect(easternWallTimeToDate(wall(input))?.toISOString()).toBe(expected);
  });

  it.each(['2025-03-09 02:00', '2025-03-09 02:30', '2025-03-09 02:59'])(
    '%s does not exist (clocks skip that hour)',
    (input) => {
      expect(easternWallTimeToDate(wall(input))).toBeNull();
    },
  );

  it.each(['2025-02-29 12:00', '2025-04-31 12:00', '2025-13-01 12:00', '2025-01-01 24:00'])(
    '%s is not a date',
    (input) => {
      expect(isValidWallTime(wall(input))).toBe(false);
      expect(easternWallTimeToDate(wall(input))).toBeNull();
    },
  );
});

describe('easternWallTimeOf', () => {
  it('reads an instant on New York clocks', () => {
    expect(easternWallTimeOf(new Date('2025-11-02T06:30:00Z'))).toEqual({
      year: 2025,
      month: 11,
      day: 2,
      hour: 1,
      minute: 30,
      second: 0,
    });
    expect(easternWallTimeOf(new Date('2025-07-04T04:00:00Z')).hour).toBe(0);
  });
});

describe('easternStartOfDay', () => {
  it.each([
    ['2025-07-04', '2025-07-04T04:00:00.000Z'],
    ['2025-01-04', '2025-01-04T05:00:00.000Z'],
    ['2025-03-09', '2025-03-09T05:00:00.000Z'],
  ])('%s starts at %s', (day, expected) => {
    expect(easternStartOfDay(day)?.toISOString()).toBe(expected);
  });

  it.each(['2025-02-30', '2025-7-4', 'today', ''])('%s is no day', (day) => {
    expect(easternStartOfDay(day)).toBeNull();
  });
});

describe('shiftEasternDays', () => {
  it('keeps the kick-off time across a daylight-saving change', () => {
    const sundayInOctober = new Date('2025-10-26T17:00:00Z'); // 1:00 pm EDT
    const weekLater = shiftEasternDays(sundayInOctober, 7); // 2 Nov, after the change
    expect(weekLater.toISOString()).toBe('2025-11-02T18:00:00.000Z'); // 1:00 pm EST
    expect(shiftEasternDays(weekLater, -7).toISOString()).toBe(sundayInOctober.toISOString());
  });

  it('shifts across months and years', () => {
    expect(shiftEasternDays(new Date('2025-12-28T18:00:00Z'), 14).toISOString()).toBe(
      '2026-01-11T18:00:00.000Z',
    );
  });

  it('keeps the duration for a time inside the skipped hour', () => {
    // 2025-03-08 02:30 EST exists; a day later that wall time does not.
    const before = new Date('2025-03-08T07:30:00Z');
    expect(shiftEasternDays(before, 1).toISOString()).toBe('2025-03-09T07:30:00.000Z');
  });
});
