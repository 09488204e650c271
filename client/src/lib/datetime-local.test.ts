import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from './datetime-local';

// Local time is the point of these helpers, so pin it to a zone with an offset.
const originalZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  process.env.TZ = originalZone;
});

describe('datetime-local values', () => {
  it('shows an instant in local time, to the minute', () => {
    expect(toDateTimeLocalValue('2026-01-15T00:30:45.000Z')).toBe('2026-01-14T19:30');
  });

  it('reads the input as local time', () => {
    expect(fromDateTimeLocalValue('2026-01-14T19:30')).toBe('2026-01-15T00:30:00.000Z');
    expect(fromDateTimeLocalValue('2026-07-04T12:00')).toBe('2026-07-04T16:00:00.000Z');
  });

  it('round-trips', () => {
    const iso = fromDateTimeLocalValue('2026-11-01T08:05');
    expect(toDateTimeLocalValue(iso)).toBe('2026-11-01T08:05');
  });

  it('gives nothing for empty or unreadable values', () => {
    expect(toDateTimeLocalValue(null)).toBe('');
    expect(toDateTimeLocalValue('not a date')).toBe('');
    expect(fromDateTimeLocalValue('')).toBeNull();
    expect(fromDateTimeLocalValue('2026-13-40T99:99')).toBeNull();
    expect(fromDateTimeLocalValue('tomorrow')).toBeNull();
  });
});
