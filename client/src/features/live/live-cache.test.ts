import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@shared/contract/live';
import type { Prop } from '@shared/contract/props';
import {
  activityQueryKey,
  conversationSummaryQueryKey,
  groupDetailsQueryKey,
  groupPropsQueryKey,
  leaderboardQueryKey,
  memberStatsQueryKey,
  pickersQueryKey,
  propCommentsQueryKey,
  propPicksQueryKey,
  threadQueryKey,
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

function cacheWith(...props: Prop[]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData([...groupPropsQueryKey(3), 'all'], props);
  return queryClient;
}

const resultEvent = (result: string | null) =>
  ({ type: 'result', groupId: 3, id: 9, propId: 7, result, previousResult: null }) as const;

describe('cacheUpdateOf', () => {
  it("counts a pick in place; the viewer's own rereads their list and stats unless this page sent it", () => {
    const pick: LiveEvent = {
      type: 'pick',
      groupId: 3,
      id: 9,
      propId: 7,
      pickCount: 4,
      userIds: [1],
    };
    const queryClient = cacheWith(base);
    cacheUpdateOf(pick, 2).patch?.(queryClient);
    const props = queryClient.getQueryData<Prop[]>([...groupPropsQueryKey(3), 'all']);
    expect(props?.[0]?.pickCount).toBe(4);
    const othersPick = cacheUpdateOf(pick, 2).invalidate;
    expect(othersPick).not.toContainEqual(groupPropsQueryKey(3));
    expect(othersPick).not.toContainEqual(memberStatsQueryKey(3));
    expect(cacheUpdateOf(pick, 1).invalidate).toEqual([
      ...othersPick,
      groupPropsQueryKey(3),
      memberStatsQueryKey(3),
    ]);
    expect(cacheUpdateOf(pick, 1, true).invalidate).toEqual(othersPick);
  });

  it("rereads a prop's comments or the thread, and the counts, on a comment; only the comments on a reaction", () => {
    const comment = { type: 'comment', groupId: 3, id: 9, commentId: 5 } as const;
    expect(cacheUpdateOf({ ...comment, propId: 7 }, 1).invalidate).toEqual([
      conversationSummaryQueryKey(3),
      propCommentsQueryKey(3, 7),
    ]);
    expect(cacheUpdateOf({ ...comment, propId: null }, 1).invalidate).toEqual([
      conversationSummaryQueryKey(3),
      threadQueryKey(3),
    ]);
    const reaction = { type: 'reaction', groupId: 3, id: 9, propId: 7, commentId: null, pickId: 4 };
    expect(cacheUpdateOf({ ...reaction, type: 'reaction' }, 1).invalidate).toEqual([
      propCommentsQueryKey(3, 7),
    ]);
  });

  it('opens the sealed comments of props that lock', () => {
    const update = cacheUpdateOf({ type: 'prop_locked', groupId: 3, id: 9, propIds: [7] }, 1);
    expect(update.invalidate).toEqual(
      expect.arrayContaining([conversationSummaryQueryKey(3), propCommentsQueryKey(3, 7)]),
    );
  });

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

  it("patches the feed's news of a game onto the cards linked to it, and nothing else", () => {
    const game: NonNullable<Prop['game']> = {
      id: 11,
      status: 'scheduled',
      startsAt: '2026-11-22T18:00:00.000Z',
      period: null,
      clock: null,
      detail: null,
      home: { abbreviation: 'KC', name: 'Kansas City Chiefs', score: null },
      away: { abbreviation: 'BUF', name: 'Buffalo Bills', score: null },
      market: 'winner',
      line: null,
      team: null,
      overridden: false,
    };
    const linked = { ...base, game };
    const other = { ...base, id: 8, game: { ...game, id: 12 } };
    const queryClient = cacheWith(linked, other);
    const update = cacheUpdateOf(
      {
        type: 'game',
        groupId: 3,
        id: 50,
        gameId: 11,
        status: 'in_progress',
        startsAt: game.startsAt,
        period: 3,
        clock: '4:12',
        detail: null,
        homeScore: 17,
        awayScore: 14,
      },
      1,
    );
    update.patch?.(queryClient);
    expect(update.invalidate).toEqual([]);
    const [first, second] =
      queryClient.getQueryData<Prop[]>([...groupPropsQueryKey(3), 'all']) ?? [];
    expect(first?.game).toEqual({
      ...game,
      status: 'in_progress',
      period: 3,
      clock: '4:12',
      home: { ...game.home, score: 17 },
      away: { ...game.away, score: 14 },
    });
    expect(second).toEqual(other);
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
