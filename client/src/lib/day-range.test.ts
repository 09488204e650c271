import { describe, expect, it } from 'vitest';
import { isHalfRange, nextRange } from './day-range';

const day = (date: number) => new Date(2030, 0, date);

describe('nextRange', () => {
  it('sets the start, then the end', () => {
    const started = nextRange(undefined, day(5));
    expect(started).toEqual({ from: day(5), to: undefined });
    expect(nextRange(started, day(9))).toEqual({ from: day(5), to: day(9) });
  });

  it('makes a one-day range when its start is clicked again', () => {
    expect(nextRange({ from: day(5) }, day(5))).toEqual({ from: day(5), to: day(5) });
  });

  it('moves the start when a day before it is clicked', () => {
    expect(nextRange({ from: day(5) }, day(2))).toEqual({ from: day(2), to: undefined });
  });

  it('starts a new range after a complete one, whichever day is clicked', () => {
    const full = { from: day(5), to: day(9) };
    expect(nextRange(full, day(7))).toEqual({ from: day(7), to: undefined });
    expect(nextRange(full, day(5))).toEqual({ from: day(5), to: undefined });
    expect(nextRange(full, day(20))).toEqual({ from: day(20), to: undefined });
  });

  it('compares whole days: the same day at another hour is the start again', () => {
    expect(nextRange({ from: day(5) }, new Date(2030, 0, 5, 18, 30))).toEqual({
      from: day(5),
      to: day(5),
    });
  });
});

describe('isHalfRange', () => {
  it('is a start without an end', () => {
    expect(isHalfRange({ from: day(5) })).toBe(true);
    expect(isHalfRange({ from: day(5), to: day(5) })).toBe(false);
    expect(isHalfRange(undefined)).toBe(false);
  });
});
