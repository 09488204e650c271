import type { ActivityEventType, ActivityPayload } from '@shared/contract/activity';
import { resultLabel } from '@shared/domain/group-stats';
import { lineNumbersOf } from '@shared/domain/prop-terms';
import { roundWinnersText } from '@shared/domain/rounds';
import { namesInProse } from '@shared/domain/title-list';
import { PRODUCT_NAME } from '@client/lib/use-document-title';

/** Product rules §3 'Activity event' in words, one sentence per event. */
export type ActivityKind = 'result' | 'payment' | 'deleted' | 'new' | 'line' | 'round';

const quoted = (title: string) => `"${title}"`;
const namedProp = (title: string, sport: string) => `the ${sport} prop ${quoted(title)}`;
const labelOf = (label: string, value: string) => resultLabel(value, label);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const withReason = (sentence: string, reason: string | undefined) =>
  reason ? `${sentence}. Reason: ${reason}` : sentence;

const KINDS: Record<ActivityEventType, ActivityKind> = {
  result_set: 'result',
  result_removed: 'result',
  payment_status_update: 'payment',
  prop_deleted: 'deleted',
  props_bulk_deleted: 'deleted',
  new: 'new',
  line_changed: 'line',
  round_winners: 'round',
};

export const activityKindOf = (eventType: ActivityEventType): ActivityKind => KINDS[eventType];

export type EventText = ActivityPayload & { actorName: string | null };

type LineChange = Extract<ActivityPayload, { eventType: 'line_changed' }>['eventData'];

/** '250.5 → 280.5' when the description's line moved, else the options before and after. */
function lineChangeOf(data: LineChange): string {
  const before = lineNumbersOf(data.previousDescription).join(', ');
  const after = lineNumbersOf(data.description).join(', ');
  if (before !== after) return `${before || 'no line'} → ${after || 'no line'}`;
  return `${data.previousOptions.join(' / ')} → ${data.options.join(' / ')}`;
}

export function activityTextOf(event: EventText): string {
  const byPickem = 'byPickem' in event.eventData && event.eventData.byPickem === true;
  const actor = byPickem ? PRODUCT_NAME : event.actorName?.trim() || 'Someone';
  switch (event.eventType) {
    case 'result_set': {
      const data = event.eventData;
      const result = labelOf(data.resultLabel, data.result);
      const previous =
        data.previousResult === undefined
          ? ''
          : labelOf(data.previousResultLabel ?? '', data.previousResult);
      const was = previous ? ` (was ${previous})` : '';
      const sentence =
        data.mode === 'override'
          ? `${actor} overrode the feed's result of ${quoted(data.title)}: ${result}${was}`
          : data.mode === 'automatic'
            ? `${actor} returned ${quoted(data.title)} to the feed's result: ${result}${was}`
            : previous
              ? `${actor} changed the result of ${quoted(data.title)} from ${previous} to ${result}`
              : `${actor} set the result of ${quoted(data.title)} to ${result}`;
      const reasoned = withReason(sentence, data.reason);
      const winners = data.contrarianWinners ?? [];
      if (winners.length === 0) return reasoned;
      return `${reasoned}. ${namesInProse(winners)} called it against the crowd`;
    }
    case 'result_removed': {
      const data = event.eventData;
      const previous = labelOf(data.previousResultLabel, data.previousResult);
      const was = previous ? ` (was ${previous})` : '';
      const sentence =
        data.mode === 'override'
          ? `${actor} overrode the feed's result of ${quoted(data.title)}: no result${was}`
          : data.mode === 'automatic'
            ? `${actor} returned ${quoted(data.title)} to the feed: no result yet${was}`
            : `${actor} removed the result of ${quoted(data.title)}${was}`;
      return withReason(sentence, data.reason);
    }
    case 'payment_status_update': {
      const data = event.eventData;
      const self =
        data.leaderId === undefined
          ? data.leaderName === data.targetUserName
          : data.leaderId === data.targetUserId;
      const target = self ? 'themselves' : data.targetUserName;
      return `Payment: ${data.leaderName} marked ${target} as ${data.newStatus}`;
    }
    case 'prop_deleted':
      return `${actor} deleted ${namedProp(event.eventData.title, event.eventData.sport)}`;
    case 'line_changed': {
      const data = event.eventData;
      const change = `${actor} changed the line of ${quoted(data.title)}: ${lineChangeOf(data)}`;
      if (data.picksReset === 0) return change;
      return `${change}. ${plural(data.picksReset, 'pick was', 'picks were')} reset: pick again`;
    }
    case 'round_winners':
      return roundWinnersText(event.eventData);
    case 'props_bulk_deleted':
      return `${plural(event.eventData.count, 'unlocked prop', 'unlocked props')} deleted`;
    case 'new': {
      const data = event.eventData;
      switch (data.type) {
        case 'prebuilt':
          return `${actor} added ${plural(data.count, 'prebuilt prop', 'prebuilt props')}`;
        case 'imported':
          return `${actor} imported ${plural(data.count, `${data.sport} prop`, `${data.sport} props`)}`;
        case 'custom':
          return `${actor} added ${namedProp(data.title, data.sport)}`;
      }
    }
  }
}
