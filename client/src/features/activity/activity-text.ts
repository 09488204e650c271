import type { ActivityEventType, ActivityPayload } from '@shared/contract/activity';
import { resultLabel } from '@shared/domain/group-stats';
import { lineNumbersOf } from '@shared/domain/prop-terms';

/**
 * Product rules §3 'Activity event' in words, one sentence per event. The contract types each
 * event's data by its eventType, so every field read here is known to be there.
 */
export type ActivityKind = 'result' | 'payment' | 'deleted' | 'new' | 'line';

const quoted = (title: string) => `"${title}"`;
/** 'the NBA prop "Total points"'. */
const namedProp = (title: string, sport: string) => `the ${sport} prop ${quoted(title)}`;
const labelOf = (label: string, value: string) => resultLabel(value, label);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Ann', 'Ann and Bo', 'Ann, Bo and Cy'. */
export function namesInProse(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const KINDS: Record<ActivityEventType, ActivityKind> = {
  result_set: 'result',
  result_removed: 'result',
  payment_status_update: 'payment',
  prop_deleted: 'deleted',
  props_bulk_deleted: 'deleted',
  new: 'new',
  line_changed: 'line',
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
  const actor = event.actorName?.trim() || 'Someone';
  switch (event.eventType) {
    case 'result_set': {
      const data = event.eventData;
      const result = labelOf(data.resultLabel, data.result);
      const sentence =
        data.previousResult === undefined
          ? `${actor} set the result of ${quoted(data.title)} to ${result}`
          : `${actor} changed the result of ${quoted(data.title)} from ${labelOf(data.previousResultLabel ?? '', data.previousResult)} to ${result}`;
      const winners = data.contrarianWinners ?? [];
      if (winners.length === 0) return sentence;
      return `${sentence}. ${namesInProse(winners)} called it against the crowd`;
    }
    case 'result_removed': {
      const data = event.eventData;
      const previous = labelOf(data.previousResultLabel, data.previousResult);
      return previous
        ? `${actor} removed the result of ${quoted(data.title)} (was ${previous})`
        : `${actor} removed the result of ${quoted(data.title)}`;
    }
    case 'payment_status_update': {
      const data = event.eventData;
      return `Payment: ${data.leaderName} marked ${data.targetUserName} as ${data.newStatus}`;
    }
    case 'prop_deleted':
      return `${actor} deleted ${namedProp(event.eventData.title, event.eventData.sport)}`;
    case 'line_changed': {
      const data = event.eventData;
      const change = `${actor} changed the line of ${quoted(data.title)}: ${lineChangeOf(data)}`;
      if (data.picksReset === 0) return change;
      return `${change}. ${plural(data.picksReset, 'pick was', 'picks were')} reset: pick again`;
    }
    case 'props_bulk_deleted':
      return `${plural(event.eventData.count, 'unlocked prop', 'unlocked props')} deleted`;
    case 'new': {
      const data = event.eventData;
      switch (data.type) {
        case 'prebuilt':
          return `${actor} added ${plural(data.count, 'prebuilt prop', 'prebuilt props')}`;
        case 'imported':
          // From the master list (Import Props): the sport says which list.
          return `${actor} imported ${plural(data.count, `${data.sport} prop`, `${data.sport} props`)}`;
        case 'custom':
          return `${actor} added ${namedProp(data.title, data.sport)}`;
      }
    }
  }
}
