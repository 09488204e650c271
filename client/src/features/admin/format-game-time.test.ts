import { describe, expect, it } from 'vitest';
import { formatEasternGameTime } from './format-game-time';

describe('formatEasternGameTime', () => {
  it('gives New York wall-clock time marked EST, whatever the zone of the instant', () => {
    expect(formatEasternGameTime('2030-01-06T18:00:00Z')).toBe('Sun, Jan 6, 2030, 1:00 PM EST');
    expect(formatEasternGameTime('2030-01-06T13:00:00-05:00')).toBe(
      'Sun, Jan 6, 2030, 1:00 PM EST',
    );
  });

  it('follows daylight saving time in summer', () => {
    expect(formatEasternGameTime('2030-09-08T17:00:00Z')).toBe('Sun, Sep 8, 2030, 1:00 PM EST');
  });

  it('gives null for no date or an unreadable one', () => {
    expect(formatEasternGameTime(null)).toBeNull();
    expect(formatEasternGameTime('soon')).toBeNull();
  });
});
