/** Reminders and recaps, pure so the server's job and Settings agree on lead times. */

export const REMINDER_LEAD_MINUTES = [15, 60, 120, 1440] as const;
export type ReminderLeadMinutes = (typeof REMINDER_LEAD_MINUTES)[number];
export const DEFAULT_LEAD_MINUTES: ReminderLeadMinutes[] = [60];

export function isReminderLead(minutes: number): minutes is ReminderLeadMinutes {
  return (REMINDER_LEAD_MINUTES as readonly number[]).includes(minutes);
}

const MINUTE_MS = 60_000;

export function leadLabelOf(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The smallest lead whose window contains now: an app that was down during the 1-hour
 * window sends the 15-minute reminder rather than a late, wrong "in 1 hour".
 */
export function dueLeadOf(leadMinutes: readonly number[], lockAt: Date, now: Date): number | null {
  const left = lockAt.getTime() - now.getTime();
  if (left <= 0) return null;
  const open = leadMinutes.filter((lead) => left <= lead * MINUTE_MS);
  return open.length === 0 ? null : Math.min(...open);
}

export function timeLeftText(left: number, lead: number): string {
  const minutes = Math.max(1, Math.round(left / MINUTE_MS));
  // Sent at the start of its window (the usual case): name the lead the member chose.
  if (minutes >= lead * 0.9) return leadLabelOf(lead);
  if (minutes >= 90) return leadLabelOf(Math.round(minutes / 60) * 60);
  if (minutes >= 55) return leadLabelOf(60);
  return leadLabelOf(minutes);
}

/** With no lead time chosen (a nudge). */
export const formatTimeLeft = (left: number) => timeLeftText(left, Number.POSITIVE_INFINITY);

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

export function reminderMessageOf(input: {
  groupId: number;
  groupName: string;
  propCount: number;
  firstPropId: number;
  timeLeft: string;
}): PushMessage {
  const props = input.propCount === 1 ? '1 prop' : `${input.propCount} props`;
  const verb = input.propCount === 1 ? 'locks' : 'lock';
  return {
    title: 'Make your picks',
    body: `${props} in ${input.groupName} ${verb} in ${input.timeLeft}`,
    url: `/group/${input.groupId}#prop-${input.firstPropId}`,
  };
}

export interface RecapItem {
  title: string;
  correct: boolean;
}

export function recapMessageOf(input: {
  groupId: number;
  groupName: string;
  items: readonly RecapItem[];
  position: number;
  totalMembers: number;
  /** The rounds these results completed, in words ('Week 3 winner: Sam'). */
  roundWinners?: readonly string[];
}): PushMessage {
  const standing = `you're now #${input.position} of ${input.totalMembers}`;
  const [only] = input.items;
  let body: string;
  if (input.items.length === 1 && only) {
    body = `${only.title}: ${only.correct ? 'you were right' : 'not this time'} — ${standing}`;
  } else {
    const right = input.items.filter((item) => item.correct).length;
    const wrong = input.items.length - right;
    body = `${input.items.length} results: ${right} right, ${wrong} wrong — ${standing}`;
  }
  const rounds = (input.roundWinners ?? []).map((line) => `. ${line}`).join('');
  return { title: input.groupName, body: `${body}${rounds}`, url: `/group/${input.groupId}` };
}
