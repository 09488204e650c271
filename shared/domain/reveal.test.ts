import { describe, expect, it } from 'vitest';
import {
  contrarianCallout,
  isContrarianOption,
  pickShares,
  resultRemovalReopensPicks,
  revealedPropsReopenedBy,
  revealedReopenRefusal,
  totalPicksOf,
} from './reveal';

describe('the reveal rules', () => {
  it('calls an option contrarian at 25 % or less of at least four picks', () => {
    expect(isContrarianOption({ Over: 3, Under: 1 }, 'Under')).toBe(true);
    expect(isContrarianOption({ Over: 6, Under: 2 }, 'Under')).toBe(true);
    expect(isContrarianOption({ Over: 5, Under: 2 }, 'Under')).toBe(false); // 28.6 %
    expect(isContrarianOption({ Over: 2, Under: 1 }, 'Under')).toBe(false); // 3 picks
    expect(isContrarianOption({ Over: 4 }, 'Under')).toBe(false); // nobody picked it
    expect(isContrarianOption({ Over: 3, Under: 1 }, 'Over')).toBe(false);
  });

  it('words the callout for the viewer, or says nothing', () => {
    expect(contrarianCallout({ Over: 9, Under: 3 }, 'Under', 'Under 44.5')).toBe(
      'Only you and 2 others picked Under 44.5',
    );
    expect(contrarianCallout({ Over: 6, Under: 2 }, 'Under', 'Under')).toBe(
      'Only you and 1 other picked Under',
    );
    expect(contrarianCallout({ Over: 5, Under: 1 }, 'Under', 'Under')).toBe(
      'Only you picked Under',
    );
    expect(contrarianCallout({ Over: 5, Under: 1 }, 'Over', 'Over')).toBeNull();
    expect(contrarianCallout({ Over: 5, Under: 1 }, null, 'Under')).toBeNull();
  });

  it('gives shares in option order', () => {
    expect(totalPicksOf({ A: 1, B: 3 })).toBe(4);
    expect(pickShares({ A: 1, B: 3 }, ['A', 'B', 'C'])).toEqual([0.25, 0.75, 0]);
    expect(pickShares({}, ['A', 'B'])).toEqual([0, 0]);
  });
});

describe('seen picks never reopen (decision 0087)', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const later = '2030-01-01T18:00:00Z';
  const earlier = '2030-01-01T10:00:00Z';
  const locked = { lockType: 'leader' as const, lockValue: null, isLocked: true };
  const unlocked = { ...locked, isLocked: false };
  const prop = (
    pickCount: number,
    gameDate: string | null = null,
    result: string | null = null,
  ) => ({
    title: `${pickCount} picks`,
    result,
    gameDate,
    pickCount,
  });

  it('names the props with picks that an unlock would open, not those nobody picked', () => {
    const props = [prop(2), prop(0), prop(3, earlier)];
    expect(revealedPropsReopenedBy(props, locked, unlocked, now)).toEqual([props[0]]);
    expect(revealedPropsReopenedBy(props, unlocked, locked, now)).toEqual([]);
  });

  it.each([
    [prop(2, later, 'A'), unlocked, true],
    [prop(0, later, 'A'), unlocked, false],
    [prop(2, earlier, 'A'), unlocked, false], // the game has started: it stays locked
    [prop(2, null, 'A'), locked, false], // the leader's lock holds it
    [prop(2, later, null), unlocked, false], // no result to remove
  ])('removing the result of %j (group %j) opens seen picks: %s', (input, group, expected) => {
    expect(resultRemovalReopensPicks(input, group, now)).toBe(expected);
  });

  it('says which props, three by name', () => {
    expect(revealedReopenRefusal(['A'])).toBe(
      'Everyone has seen the picks on 1 locked prop ("A"), so they cannot open again. ' +
        'To take new picks on one, void it (N/A) and create it again.',
    );
    expect(revealedReopenRefusal(['A', 'B', 'C', 'D', 'E'])).toContain(
      '5 locked props ("A", "B", "C" and 2 more)',
    );
  });
});
