import { z } from 'zod';
import type { ActivityEvent } from '@shared/contract/props';
import { VOID_RESULT } from '@shared/domain/group-stats';

/**
 * Spec §3 'Activity event' in words, one sentence per event. eventData is free-form JSON
 * from the server (and from older rows), so each type's fields are read leniently: a
 * missing field makes the sentence plainer, never wrong or broken.
 */
export type ActivityKind = 'result' | 'payment' | 'deleted' | 'new' | 'other';

const text = z.string().trim().min(1).catch('');
const count = z.number().int().nonnegative().catch(0);

const resultData = z.object({
  title: text,
  result: text,
  resultLabel: text,
  previousResult: text,
  previousResultLabel: text,
});
const paymentData = z.object({ leaderName: text, targetUserName: text, newStatus: text });
const propData = z.object({ title: text, sport: text, count, type: text });

const quoted = (title: string) => (title ? `"${title}"` : 'a prop');
/** 'the NBA prop "Total points"', or just 'a prop' when the title is missing. */
const namedProp = (title: string, sport: string) =>
  title ? `the ${sport ? `${sport} ` : ''}prop "${title}"` : 'a prop';
const labelOf = (label: string, value: string) =>
  value === VOID_RESULT ? 'N/A (void)' : label || value;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function activityKindOf(eventType: string): ActivityKind {
  switch (eventType) {
    case 'result_set':
    case 'result_removed':
      return 'result';
    case 'payment_status_update':
      return 'payment';
    case 'prop_deleted':
    case 'props_bulk_deleted':
      return 'deleted';
    case 'new':
      return 'new';
    default:
      return 'other';
  }
}

export function activityTextOf(
  event: Pick<ActivityEvent, 'eventType' | 'eventData' | 'actorName'>,
) {
  const actor = event.actorName?.trim() || 'Someone';
  switch (event.eventType) {
    case 'result_set': {
      const data = resultData.parse(event.eventData);
      const result = labelOf(data.resultLabel, data.result);
      if (!result) return `${actor} set the result of ${quoted(data.title)}`;
      if (data.previousResult) {
        const previous = labelOf(data.previousResultLabel, data.previousResult);
        return `${actor} changed the result of ${quoted(data.title)} from ${previous} to ${result}`;
      }
      return `${actor} set the result of ${quoted(data.title)} to ${result}`;
    }
    case 'result_removed': {
      const data = resultData.parse(event.eventData);
      const previous = labelOf(data.previousResultLabel, data.previousResult);
      return previous
        ? `${actor} removed the result of ${quoted(data.title)} (was ${previous})`
        : `${actor} removed the result of ${quoted(data.title)}`;
    }
    case 'payment_status_update': {
      const data = paymentData.parse(event.eventData);
      const leader = data.leaderName || actor;
      const member = data.targetUserName || 'a member';
      return `Payment: ${leader} marked ${member} as ${data.newStatus || 'updated'}`;
    }
    case 'prop_deleted': {
      const data = propData.parse(event.eventData);
      return `${actor} deleted ${namedProp(data.title, data.sport)}`;
    }
    case 'props_bulk_deleted': {
      const data = propData.parse(event.eventData);
      const kind = data.type === 'unlocked' ? 'unlocked ' : '';
      return `${plural(data.count, `${kind}prop`, `${kind}props`)} deleted`;
    }
    case 'new': {
      const data = propData.parse(event.eventData);
      if (data.type === 'prebuilt') {
        return `${actor} added ${plural(data.count, 'prebuilt prop', 'prebuilt props')}`;
      }
      if (data.type === 'imported') {
        // From the master list (Import Props): the sport says which list.
        const kind = data.sport ? `${data.sport} ` : '';
        return `${actor} imported ${plural(data.count, `${kind}prop`, `${kind}props`)}`;
      }
      return `${actor} added ${namedProp(data.title, data.sport)}`;
    }
    default:
      return `${actor} made a change in the group`;
  }
}
