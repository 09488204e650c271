import { describe, expect, it } from 'vitest';
import { GROUP_SPORTS } from '@shared/sports';
import { sportDisplayOf } from '@client/lib/sport-display';

describe('sportDisplayOf', () => {
  it('gives every catalogue sport a colour of its own, and keeps its name', () => {
    const styles = GROUP_SPORTS.map((sport) => sportDisplayOf(sport));
    expect(styles.map((style) => style.name)).toEqual([...GROUP_SPORTS]);
    expect(new Set(styles.map((style) => style.badgeClassName)).size).toBe(GROUP_SPORTS.length);
  });

  it('shows any other sport under its own name in the grey style', () => {
    const golf = sportDisplayOf('Golf');
    expect(golf.name).toBe('Golf');
    expect(golf.badgeClassName).toContain('slate');
    expect(sportDisplayOf('  ').name).toBe('Other');
  });
});
