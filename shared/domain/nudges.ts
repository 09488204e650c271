/** Nudges and the e-mail channel: the server enforces these, the client words its buttons with them. */
import { formatTimeLeft, reminderMessageOf, type PushMessage } from './push-notifications';

const HOUR_MS = 60 * 60 * 1000;

export const NUDGE_HORIZON_MS = 24 * HOUR_MS;
/** Whoever sends it. */
export const NUDGE_INTERVAL_MS = 6 * HOUR_MS;

export function nextNudgeAt(lastAt: Date): Date {
  return new Date(lastAt.getTime() + NUDGE_INTERVAL_MS);
}

export function nudgeMessageOf(input: {
  senderName: string;
  groupId: number;
  groupName: string;
  propCount: number;
  firstPropId: number;
  lockInMs: number;
}): PushMessage {
  const reminder = reminderMessageOf({ ...input, timeLeft: formatTimeLeft(input.lockInMs) });
  return { ...reminder, body: `${input.senderName} nudged you: ${reminder.body}` };
}

/** Only to a verified address the mail server has not refused, when chosen or with no device to push to. */
export function sendsByEmail(member: {
  emailChosen: boolean;
  verified: boolean;
  failing: boolean;
  hasDevice: boolean;
}): boolean {
  if (!member.verified || member.failing) return false;
  return member.emailChosen || !member.hasDevice;
}

export const EMAIL_KINDS = ['reminders', 'recaps', 'nudges'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_CODE_PATTERN = /^\d{6}$/;
export const EMAIL_CODE_TTL_MS = 15 * 60 * 1000;
export const EMAIL_CODE_TRIES = 5;
