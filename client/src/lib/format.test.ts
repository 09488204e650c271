import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  clockTime,
  formatDate,
  formatDateTime,
  monthDay,
  shortMonth,
  weekdayDate,
} from './format';

/** Intl's en-US words, the oracle of the app's own formatting (format.ts says why). */
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);
const moments = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe("the app's dates and times", () => {
  it('read as Intl writes them for en-US, in the viewer’s time zone', () => {
    const date = intl({ dateStyle: 'medium' });
    const dateTime = intl({ dateStyle: 'medium', timeStyle: 'short' });
    const time = intl({ hour: 'numeric', minute: '2-digit' });
    const weekday = intl({ weekday: 'long', month: 'short', day: 'numeric' });
    const day = intl({ month: 'short', day: 'numeric' });
    const month = intl({ month: 'short' });
    fc.assert(
      fc.property(moments, (moment) => {
        expect(calendarDate(moment)).toBe(date.format(moment));
        expect(formatDate(moment.toISOString())).toBe(date.format(moment));
        expect(formatDateTime(moment.toISOString())).toBe(dateTime.format(moment));
        expect(clockTime(moment)).toBe(time.format(moment));
        expect(weekdayDate(moment)).toBe(weekday.format(moment));
        expect(monthDay(moment)).toBe(day.format(moment));
        expect(shortMonth(moment)).toBe(month.format(moment));
      }),
      { numRuns: 2000 },
    );
  });

  it('give back what cannot be read as a date', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
