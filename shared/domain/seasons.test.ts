import { describe, expect, it } from 'vitest';
import type { GroupLockSettings } from './lock-state';
import { competitionSettingsOpen, newSeasonRefusal, propsBlockingNewSeason } from './seasons';

describe('the season’s settings', () => {
  const group: GroupLockSettings = { lockType: 'game', lockValue: null, isLocked: false };
  const now = new Date('2025-09-07T12:00:00Z');
  const later = { result: null, gameDate: '2025-09-07T17:00:00Z' };
  const started = { result: null, gameDate: '2025-09-07T11:00:00Z' };
  const decided = { result: 'Over', gameDate: null };

  it.each([
    ['no props', [], true],
    ['only props still open', [later, later], true],
    ['a prop whose game started', [later, started], false],
    ['a decided prop', [decided], false],
  ])('with %s: open %s', (_case, props, open) => {
    expect(competitionSettingsOpen(props, group, now)).toBe(open);
  });

  it('closes when the leader locks the group by hand', () => {
    const manual: GroupLockSettings = { lockType: 'leader', lockValue: null, isLocked: true };
    expect(competitionSettingsOpen([later], manual, now)).toBe(false);
  });
});

describe('a new season', () => {
  it('waits for every prop to have a result, void included', () => {
    const props = [
      { title: 'A', result: 'Over' },
      { title: 'B', result: 'N/A' },
      { title: 'C', result: null },
    ];
    expect(propsBlockingNewSeason(props).map((prop) => prop.title)).toEqual(['C']);
  });

  it.each([
    [['Bills at Jets: total points'], '1 prop has no result yet ("Bills at Jets: total points"). '],
    [['A', 'B', 'C', 'D', 'E'], '5 props have no result yet ("A", "B", "C" and 2 more). '],
  ])('names what blocks it: %o', (titles, start) => {
    expect(newSeasonRefusal(titles)).toBe(
      `${start}Set their results or void them (N/A) before starting a new season.`,
    );
  });
});
