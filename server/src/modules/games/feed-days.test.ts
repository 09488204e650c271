import { describe, expect, it } from 'vitest';
import { feedDayBounds, feedDayOf, feedDaysBetween } from './games.service';

/** The feed's days are New York's calendar days, as ESPN's `dates` are. */
describe('feed days', () => {
  it('puts a Thursday night game on Thursday, though it starts on Friday in UTC', () => {
    expect(feedDayOf(new Date('2024-09-06T00:20Z'))).toBe('20240905');
    expect(feedDayOf(new Date('2024-09-06T04:00Z'))).toBe('20240906');
  });

  it('spans 23 and 25 hours on the days the clocks change', () => {
    const hours = (day: string) => {
      const { start, end } = feedDayBounds(day);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours('20260308')).toBe(23);
    expect(hours('20261101')).toBe(25);
    expect(hours('20261207')).toBe(24);
    expect(feedDayBounds('20261207').start).toEqual(new Date('2026-12-07T05:00Z'));
  });

  it('lists the days a range touches, in order, up to a limit', () => {
    const from = new Date('2026-12-06T23:00Z');
    const to = new Date('2026-12-09T06:00Z');
    expect(feedDaysBetween(from, to, 10)).toEqual(['20261206', '20261207', '20261208', '20261209']);
    expect(feedDaysBetween(from, to, 2)).toEqual(['20261206', '20261207']);
    expect(feedDaysBetween(from, new Date('2026-12-07T04:59Z'), 10)).toEqual(['20261206']);
  });
});
