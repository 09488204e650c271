import type { QueryClient } from '@tanstack/react-query';

/**
 * The picks this page has sent whose live event has not come back yet. A pick's answer
 * already shows the pick and counts it here, so the group's live event for it must not
 * read the props list and the stats card again in this page: one pick is one request.
 * Another tab or device of the same person has no record of it and reads them.
 *
 * A record that no event claims (the stream was down and replayed nothing) lapses, so it
 * cannot hide a later pick made elsewhere for long.
 */
const RECORD_LASTS_MS = 30_000;

const sentByPage = new WeakMap<QueryClient, Map<string, number[]>>();

const keyOf = (groupId: number, propId: number) => `${groupId}:${propId}`;

function sentOf(queryClient: QueryClient): Map<string, number[]> {
  let sent = sentByPage.get(queryClient);
  if (!sent) {
    sent = new Map();
    sentByPage.set(queryClient, sent);
  }
  return sent;
}

/** A pick on the prop is leaving this page now. */
export function notePickSent(queryClient: QueryClient, groupId: number, propId: number) {
  const sent = sentOf(queryClient);
  const key = keyOf(groupId, propId);
  sent.set(key, [...(sent.get(key) ?? []), Date.now()]);
}

/** The pick was refused: no event will come for it. */
export function forgetPickSent(queryClient: QueryClient, groupId: number, propId: number) {
  const sent = sentOf(queryClient);
  const key = keyOf(groupId, propId);
  const times = sent.get(key)?.slice(1) ?? [];
  if (times.length > 0) sent.set(key, times);
  else sent.delete(key);
}

/**
 * Whether a live event of the viewer's pick on the prop is one this page sent (claiming
 * the oldest record), rather than one made in another tab or on another device.
 */
export function claimPickSent(queryClient: QueryClient, groupId: number, propId: number) {
  const sent = sentOf(queryClient);
  const key = keyOf(groupId, propId);
  const times = (sent.get(key) ?? []).filter((at) => Date.now() - at < RECORD_LASTS_MS);
  const claimed = times.length > 0;
  if (times.length > 1) sent.set(key, times.slice(1));
  else sent.delete(key);
  return claimed;
}
