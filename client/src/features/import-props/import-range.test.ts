import { describe, expect, it } from 'vitest';
import { calendarDayOf, defaultImportRange, describeRange } from './import-range';

describe('defaultImportRange', () => {
  it('runs from today to 7 calendar days later, whole days in the local calendar', () => {
    const { from, to } = defaultImportRange(new Date(2030, 0, 28, 21, 45));
    expect(calendarDayOf(from)).toBe('2030-01-28');
    expect(calendarDayOf(to)).toBe('2030-02-04');
    expect([from.getHours(), from.getMinutes(), to.getHours()]).toEqual([0, 0, 0]);
  });

  it('crosses a year end', () => {
    const { to } = defaultImportRange(new Date(2029, 11, 28, 9, 0));
    expect(calendarDayOf(to)).toBe('2030-01-04');
  });
});

describe('calendarDayOf', () => {
  it('gives the day the viewer sees, padded, late in the evening as well', () => {
    expect(calendarDayOf(new Date(2030, 2, 5, 23, 59))).toBe('2030-03-05');
    expect(calendarDayOf(new Date(2030, 10, 15, 0, 0))).toBe('2030-11-15');
  });
});

describe('describeRange', () => {
  it('says what is chosen', () => {
    expect(describeRange({})).toBe('No dates chosen');
    expect(describeRange({ from: new Date(2030, 0, 1) })).toBe(
      'From Jan 1, 2030: now choose the last day',
    );
    expect(describeRange({ from: new Date(2030, 0, 1), to: new Date(2030, 0, 10) })).toBe(
      'Jan 1, 2030 – Jan 10, 2030',
    );
    expect(describeRange({ from: new Date(2030, 0, 1), to: new Date(2030, 0, 1, 12) })).toBe(
      'Jan 1, 2030 only',
    );
  });
});
