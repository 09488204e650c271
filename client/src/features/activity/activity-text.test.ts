import { describe, expect, it } from 'vitest';
import { activityKindOf, activityTextOf } from './activity-text';

const event = (
  eventType: string,
  eventData: Record<string, unknown>,
  actorName: string | null = 'Sam',
) => ({
  eventType,
  eventData,
  actorName,
});

describe('activityTextOf', () => {
  it.each([
    [
      event('result_set', { result: 'kc', resultLabel: 'Chiefs', title: 'Who wins?' }),
      'Sam set the result of "Who wins?" to Chiefs',
    ],
    [
      event('result_set', {
        result: 'buf',
        resultLabel: 'Bills',
        previousResult: 'kc',
        previousResultLabel: 'Chiefs',
        title: 'Who wins?',
      }),
      'Sam changed the result of "Who wins?" from Chiefs to Bills',
    ],
    [
      event('result_set', { result: 'N/A', resultLabel: 'N/A', title: 'Who wins?' }),
      'Sam set the result of "Who wins?" to N/A (void)',
    ],
    [
      event('result_removed', {
        previousResult: 'kc',
        previousResultLabel: 'Chiefs',
        title: 'Who wins?',
      }),
      'Sam removed the result of "Who wins?" (was Chiefs)',
    ],
    [
      event('payment_status_update', {
        leaderName: 'Lee',
        targetUserName: 'Pat',
        newStatus: 'PAID',
      }),
      'Payment: Lee marked Pat as PAID',
    ],
    [
      event('prop_deleted', { title: 'Total points', sport: 'NBA' }),
      'Sam deleted the NBA prop "Total points"',
    ],
    [event('props_bulk_deleted', { count: 3, type: 'unlocked' }), '3 unlocked props deleted'],
    [event('props_bulk_deleted', { count: 1, type: 'all' }), '1 prop deleted'],
    [event('new', { title: 'Who wins?', sport: 'NFL' }), 'Sam added the NFL prop "Who wins?"'],
    [event('new', { count: 12, type: 'prebuilt' }), 'Sam added 12 prebuilt props'],
    [event('new', { count: 5, type: 'imported', sport: 'NFL' }), 'Sam imported 5 NFL props'],
    [event('new', { count: 1, type: 'imported', sport: 'NCAAF' }), 'Sam imported 1 NCAAF prop'],
    [event('new', { count: 2, type: 'imported' }), 'Sam imported 2 props'],
  ])('words %j', (input, words) => {
    expect(activityTextOf(input)).toBe(words);
  });

  it('stays readable with missing data, a deleted account or an unknown type', () => {
    expect(activityTextOf(event('result_set', {}, null))).toBe('Someone set the result of a prop');
    expect(activityTextOf(event('prop_deleted', { title: 42 }))).toBe('Sam deleted a prop');
    expect(activityTextOf(event('something_new', {}))).toBe('Sam made a change in the group');
  });
});

describe('activityKindOf', () => {
  it('groups event types for their icons', () => {
    expect(
      [
        'result_set',
        'result_removed',
        'payment_status_update',
        'prop_deleted',
        'props_bulk_deleted',
        'new',
        'x',
      ].map(activityKindOf),
    ).toEqual(['result', 'result', 'payment', 'deleted', 'deleted', 'new', 'other']);
  });
});
