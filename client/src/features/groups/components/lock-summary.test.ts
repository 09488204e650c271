import { describe, expect, it } from 'vitest';
import type { GroupDetails } from '@shared/contract/groups';
import { lockSummaryOf } from './lock-summary';

const group = (settings: Partial<GroupDetails>) =>
  ({
    lockType: 'game',
    lockValue: null,
    isLocked: false,
    isManuallyLocked: false,
    ...settings,
  }) as GroupDetails;

describe('lockSummaryOf', () => {
  it('describes a game lock, and warns when the manual flag still locks undated props', () => {
    expect(lockSummaryOf(group({}))).toBe('Each prop locks when its game starts.');
    expect(lockSummaryOf(group({ isManuallyLocked: true, isLocked: true }))).toMatch(
      /without a game date are locked/,
    );
  });

  it('says when a time lock takes or took effect', () => {
    const lockValue = '2099-12-31T18:30:00.000Z';
    expect(lockSummaryOf(group({ lockType: 'time', lockValue }))).toMatch(/^All props lock at /);
    expect(lockSummaryOf(group({ lockType: 'time', lockValue, isLocked: true }))).toMatch(
      /^All props locked at /,
    );
  });

  it('follows the effective lock for the leader type', () => {
    expect(lockSummaryOf(group({ lockType: 'leader' }))).toBe('All props are open for picks.');
    expect(lockSummaryOf(group({ lockType: 'leader', isLocked: true }))).toBe(
      'All props are locked.',
    );
  });
});
