import { describe, expect, it } from 'vitest';
import type { UserGroupSummary } from '@shared/contract/users';
import { newestFirst } from './user-groups';

const group = (id: number, createdAt: string) => ({ id, createdAt }) as UserGroupSummary;

describe('newestFirst', () => {
  it('puts the most recently created group first and unreadable dates last', () => {
    const sorted = newestFirst([
      group(1, '2025-09-01T12:00:00Z'),
      group(2, 'not a date'),
      group(3, '2025-10-05T12:00:00Z'),
      group(4, '2025-08-01T12:00:00Z'),
    ]);
    expect(sorted.map(({ id }) => id)).toEqual([3, 1, 4, 2]);
  });

  it('leaves the cached list untouched', () => {
    const groups = [group(1, '2025-01-01T00:00:00Z'), group(2, '2025-02-01T00:00:00Z')];
    newestFirst(groups);
    expect(groups.map(({ id }) => id)).toEqual([1, 2]);
  });
});
