import { describe, expect, it } from 'vitest';
import { resultChoicesOf, resultLabelOf, resultRemovalEffectOf } from './prop-labels';

const prop = {
  options: [
    { value: 'home', label: 'Home team', odds: '-110' },
    { value: 'away', label: 'Away team', odds: '' },
  ],
};

describe('result labels', () => {
  it("reads a result as its option's label, and N/A as a void", () => {
    expect(resultLabelOf(prop, 'away')).toBe('Away team');
    expect(resultLabelOf(prop, 'N/A')).toBe('N/A (void)');
    expect(resultLabelOf(prop, 'gone')).toBe('gone');
  });

  it("offers the prop's options and then N/A", () => {
    expect(resultChoicesOf(prop)).toEqual([
      { value: 'home', label: 'Home team' },
      { value: 'away', label: 'Away team' },
      { value: 'N/A', label: 'N/A (void)' },
    ]);
  });
});

describe('resultRemovalEffectOf', () => {
  const now = new Date('2026-09-10T18:00:00Z');
  const game = { lockType: 'game' as const, lockValue: null, isLocked: false };

  it('says members can pick again only when nothing else keeps the prop locked', () => {
    expect(resultRemovalEffectOf({ gameDate: '2026-09-11T00:00:00Z' }, game, now).confirm).toBe(
      'its picks go back to pending and members can pick again',
    );
  });

  it('says a started game stays locked, whatever the lock type', () => {
    for (const lockType of ['game', 'time', 'leader'] as const) {
      const effect = resultRemovalEffectOf(
        { gameDate: '2026-09-10T17:00:00Z' },
        { lockType, lockValue: '2026-12-01T00:00:00Z', isLocked: false },
        now,
      );
      expect(effect.confirm).toContain('stays locked because its game has started');
      expect(effect.toast).toBe('stays locked (its game has started); its picks are pending again');
    }
  });

  it("names the leader's own lock", () => {
    const effect = resultRemovalEffectOf(
      { gameDate: null },
      { lockType: 'leader', lockValue: null, isLocked: true },
      now,
    );
    expect(effect.confirm).toContain('you have locked picks');
  });
});
