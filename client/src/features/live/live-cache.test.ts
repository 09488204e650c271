import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Prop } from '@shared/contract/props';
import {
  activityQueryKey,
  groupDetailsQueryKey,
  groupPropsQueryKey,
  leaderboardQueryKey,
  memberStatsQueryKey,
  pickersQueryKey,
  propPicksQueryKey,
  userGroupsQueryKey,
} from '@client/lib/query-keys';
import { testProp } from '@client/test/prop-fixture';
import { cacheUpdateOf } from './live-cache';

/** A prop whose game has started, with the viewer's pick on Away and a split of 2 to 1. */
const base: Prop = testProp({
  id: 7,
  groupId: 3,
  title: 'Who wins?',
  description: 'The late game',
  options: [
    { label: 'Home', value: 'Home', odds: '' },
    { label: 'Away', value: 'Away', odds: '' },
  ],
  gameDate: '2026-11-22T18:00:00.000Z',
  createdAt: '2026-11-20T18:00:00.000Z',
  lock: { locked: true, reason: 'event_started', at: '2026-11-22T18:00:00.000Z' },
  myPick: { id: 40, selectedOption: 'Away', isCorrect: null },
  outcome: 'pending',
  canEdit: true,
  canDelete: true,
  canSetResult: true,
  pickCount: 3,
  pickSplit: { Home: 2, Away: 1 },
});

function cacheWith(prop: Prop) {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...groupPropsQueryKey(3), 'all'], [prop]);
  return queryClient;
}

const resultEvent = (result: string | null) =>
  ({ type: 'result', groupId: 3, id: 9, propId: 7, result, previousResult: null }) as const;

describe('cacheUpdateOf', () => {
  it('rereads the board, the stats card, the home cards and the feed on a result (no standings or activity event comes with it)', () => {
    const update = cacheUpdateOf(resultEvent('Away'), 1);
    expect(update.invalidate).toEqual(
      expect.arrayContaining([
        leaderboardQueryKey(3),
        memberStatsQueryKey(3),
        userGroupsQueryKey(1),
        activityQueryKey(3),
      ]),
    );
  });

  it('patches a result onto a prop the page already shows locked, with no refetch of the props', () => {
    const queryClient = cacheWith(base);
    const update = cacheUpdateOf(resultEvent('Away'), 1);
    expect(update.patch?.(queryClient)).toEqual([]);
    expect(update.invalidate).not.toContainEqual(groupPropsQueryKey(3));
    const [patched] = queryClient.getQueryData<Prop[]>([...groupPropsQueryKey(3), 'all']) ?? [];
    expect(patched).toEqual({
      ...base,
      result: 'Away',
      lock: { locked: true, reason: 'result_set', at: null },
      myPick: { id: 40, selectedOption: 'Away', isCorrect: true },
      outcome: 'win',
    });
  });

  it('rereads the props when the result comes to a prop still open on the page, or is removed', () => {
    const open = cacheWith({ ...base, lock: { ...base.lock, locked: false }, pickSplit: null });
    expect(cacheUpdateOf(resultEvent('Home'), 1).patch?.(open)).toEqual([groupPropsQueryKey(3)]);
    const removed = cacheWith({ ...base, result: 'Home' });
    expect(cacheUpdateOf(resultEvent(null), 1).patch?.(removed)).toEqual([groupPropsQueryKey(3)]);
  });

  it('a prop locked by time rereads the props and the reveal of those props', () => {
    const update = cacheUpdateOf({ type: 'prop_locked', groupId: 3, id: 9, propIds: [7] }, 1);
    expect(update.invalidate).toEqual(
      expect.arrayContaining([
        groupPropsQueryKey(3),
        pickersQueryKey(3, 7),
        propPicksQueryKey(3, 7),
      ]),
    );
    expect(update.invalidateExact).toEqual([groupDetailsQueryKey(3)]);
  });
});
