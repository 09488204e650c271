import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENT_TYPES, type ActivityPayload } from '@shared/contract/activity';
import { activityKindOf, activityTextOf, type EventText } from './activity-text';

type Text = EventText;
const by = (actorName: string | null, payload: ActivityPayload): Text => ({
  ...payload,
  actorName,
});
const sam = (payload: ActivityPayload) => by('Sam', payload);

describe('activityTextOf', () => {
  it.each<[Text, string]>([
    [
      sam({
        eventType: 'result_set',
        eventData: { result: 'kc', resultLabel: 'Chiefs', title: 'Who wins?' },
      }),
      'Sam set the result of "Who wins?" to Chiefs',
    ],
    [
      sam({
        eventType: 'result_set',
        eventData: {
          result: 'buf',
          resultLabel: 'Bills',
          previousResult: 'kc',
          previousResultLabel: 'Chiefs',
          title: 'Who wins?',
        },
      }),
      'Sam changed the result of "Who wins?" from Chiefs to Bills',
    ],
    [
      sam({
        eventType: 'result_set',
        eventData: { result: 'N/A', resultLabel: 'N/A', title: 'Who wins?' },
      }),
      'Sam set the result of "Who wins?" to N/A (void)',
    ],
    [
      sam({
        eventType: 'result_set',
        eventData: {
          result: 'under',
          resultLabel: 'Under',
          title: 'Total points',
          contrarianWinners: ['Ann', 'Bo'],
        },
      }),
      'Sam set the result of "Total points" to Under. Ann and Bo called it against the crowd',
    ],
    [
      by(null, {
        eventType: 'result_set',
        eventData: { result: 'kc', resultLabel: 'Chiefs', title: 'Who wins?', byPickem: true },
      }),
      'Pick\'em set the result of "Who wins?" to Chiefs',
    ],
    [
      by(null, {
        eventType: 'result_removed',
        eventData: {
          previousResult: 'kc',
          previousResultLabel: 'Chiefs',
          title: 'Who wins?',
          byPickem: true,
        },
      }),
      'Pick\'em removed the result of "Who wins?" (was Chiefs)',
    ],
    [
      sam({
        eventType: 'result_removed',
        eventData: { previousResult: 'kc', previousResultLabel: 'Chiefs', title: 'Who wins?' },
      }),
      'Sam removed the result of "Who wins?" (was Chiefs)',
    ],
    [
      sam({
        eventType: 'result_set',
        eventData: {
          mode: 'override',
          reason: 'Stat correction after review',
          result: 'away',
          resultLabel: 'Bills +2.5',
          previousResult: 'home',
          previousResultLabel: 'Chiefs -2.5',
          title: 'Bills at Chiefs',
        },
      }),
      'Sam overrode the feed\'s result of "Bills at Chiefs": Bills +2.5 (was Chiefs -2.5). Reason: Stat correction after review',
    ],
    [
      sam({
        eventType: 'result_set',
        eventData: {
          mode: 'automatic',
          result: 'home',
          resultLabel: 'Chiefs -2.5',
          previousResult: 'away',
          previousResultLabel: 'Bills +2.5',
          title: 'Bills at Chiefs',
        },
      }),
      'Sam returned "Bills at Chiefs" to the feed\'s result: Chiefs -2.5 (was Bills +2.5)',
    ],
    [
      sam({
        eventType: 'result_removed',
        eventData: {
          mode: 'override',
          reason: 'Wait for the review',
          previousResult: 'home',
          previousResultLabel: 'Chiefs -2.5',
          title: 'Bills at Chiefs',
        },
      }),
      'Sam overrode the feed\'s result of "Bills at Chiefs": no result (was Chiefs -2.5). Reason: Wait for the review',
    ],
    [
      sam({
        eventType: 'payment_status_update',
        eventData: { leaderName: 'Lee', targetUserName: 'Pat', newStatus: 'PAID' },
      }),
      'Payment: Lee marked Pat as PAID',
    ],
    [
      sam({
        eventType: 'payment_status_update',
        eventData: {
          leaderName: 'Lena',
          leaderId: 4,
          targetUserName: 'Lena',
          targetUserId: 4,
          newStatus: 'PAID',
        },
      }),
      'Payment: Lena marked themselves as PAID',
    ],
    [
      sam({
        eventType: 'payment_status_update',
        eventData: {
          leaderName: 'Lena',
          leaderId: 4,
          targetUserName: 'Lena',
          targetUserId: 9,
          newStatus: 'UNPAID',
        },
      }),
      'Payment: Lena marked Lena as UNPAID',
    ],
    [
      sam({ eventType: 'prop_deleted', eventData: { title: 'Total points', sport: 'NBA' } }),
      'Sam deleted the NBA prop "Total points"',
    ],
    [
      sam({ eventType: 'props_bulk_deleted', eventData: { count: 3, type: 'unlocked' } }),
      '3 unlocked props deleted',
    ],
    [
      sam({ eventType: 'props_bulk_deleted', eventData: { count: 1, type: 'unlocked' } }),
      '1 unlocked prop deleted',
    ],
    [
      sam({ eventType: 'new', eventData: { type: 'custom', title: 'Who wins?', sport: 'NFL' } }),
      'Sam added the NFL prop "Who wins?"',
    ],
    [
      sam({ eventType: 'new', eventData: { count: 12, type: 'prebuilt' } }),
      'Sam added 12 prebuilt props',
    ],
    [
      sam({ eventType: 'new', eventData: { count: 5, type: 'imported', sport: 'NFL' } }),
      'Sam imported 5 NFL props',
    ],
    [
      sam({ eventType: 'new', eventData: { count: 1, type: 'imported', sport: 'NCAAF' } }),
      'Sam imported 1 NCAAF prop',
    ],
    [
      by(null, { eventType: 'new', eventData: { count: 2, type: 'prebuilt' } }),
      'Someone added 2 prebuilt props',
    ],
    [
      sam({
        eventType: 'line_changed',
        eventData: {
          title: 'Bills at Jets',
          previousOptions: ['Over', 'Under'],
          options: ['Over', 'Under'],
          previousDescription: 'Allen passing yards over/under 250.5',
          description: 'Allen passing yards over/under 280.5',
          picksReset: 3,
        },
      }),
      'Sam changed the line of "Bills at Jets": 250.5 → 280.5. 3 picks were reset: pick again',
    ],
    [
      sam({
        eventType: 'line_changed',
        eventData: {
          title: 'Who wins?',
          previousOptions: ['Bills', 'Jets'],
          options: ['Bills', 'Jets', 'Tie'],
          previousDescription: 'Moneyline',
          description: 'Moneyline',
          picksReset: 1,
        },
      }),
      'Sam changed the line of "Who wins?": Bills / Jets → Bills / Jets / Tie. 1 pick was reset: pick again',
    ],
    [
      sam({
        eventType: 'line_changed',
        eventData: {
          title: 'Who wins?',
          previousOptions: ['A', 'B'],
          options: ['A', 'C'],
          previousDescription: 'Pick one',
          description: 'Pick one',
          picksReset: 0,
        },
      }),
      'Sam changed the line of "Who wins?": A / B → A / C',
    ],
    [
      by(null, {
        eventType: 'round_winners',
        eventData: {
          roundId: 3,
          round: 'Week 3',
          winners: [{ userId: 1, displayName: 'Sam' }],
          points: 5,
          decision: 'won on the tiebreaker: 47 vs 45',
        },
      }),
      'Week 3 winner: Sam (won on the tiebreaker: 47 vs 45)',
    ],
  ])('words %j', (input, words) => {
    expect(activityTextOf(input)).toBe(words);
  });
});

describe('activityKindOf', () => {
  it('groups event types for their icons', () => {
    expect(ACTIVITY_EVENT_TYPES.map(activityKindOf)).toEqual([
      'result',
      'result',
      'payment',
      'deleted',
      'deleted',
      'new',
      'line',
      'round',
    ]);
  });
});
