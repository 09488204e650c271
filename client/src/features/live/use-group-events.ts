import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { groupsContract, type GroupDetails } from '@shared/contract/groups';
import {
  LIVE_EVENT_TYPES,
  liveContract,
  liveEventSchema,
  type LiveEvent,
} from '@shared/contract/live';
import { callApi, isApiError, urlOf } from '@client/lib/api-client';
import { rememberGroupDeletion } from '@client/lib/group-deletion';
import { claimPickSent } from '@client/lib/picks-sent-here';
import { groupDetailsQueryKey } from '@client/lib/query-keys';
import { cacheUpdateOf } from './live-cache';
import { refetchDelayMs } from './refetch-timing';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

/** With jitter, so 1,000 pages do not return at once. */
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * EventSource's own retry would reconnect at a fixed pace forever, even to a 404; this
 * closes it on any error and reconnects with backoff, sending the last id it saw so the
 * server replays what was missed.
 */
export function useGroupEvents(groupId: number, viewerId: number, enabled = true): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let lastEventId: string | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const pending: { keys: QueryKey[]; exact: QueryKey[] } = { keys: [], exact: [] };

    const flush = () => {
      flushTimer = undefined;
      const keys = pending.keys.splice(0);
      const exact = pending.exact.splice(0);
      const seen = new Set<string>();
      for (const [queryKey, isExact] of [
        ...keys.map((key) => [key, false] as const),
        ...exact.map((key) => [key, true] as const),
      ]) {
        const id = `${JSON.stringify(queryKey)}:${isExact}`;
        if (seen.has(id)) continue;
        seen.add(id);
        void queryClient.invalidateQueries({ queryKey, exact: isExact });
      }
    };

    const apply = (event: LiveEvent) => {
      const pickSentHere =
        event.type === 'pick' &&
        event.userIds.includes(viewerId) &&
        claimPickSent(queryClient, event.groupId, event.propId);
      const update = cacheUpdateOf(event, viewerId, pickSentHere);
      const unpatched = update.patch?.(queryClient) ?? [];
      pending.keys.push(...update.invalidate, ...unpatched);
      pending.exact.push(...(update.invalidateExact ?? []));
      const members =
        queryClient.getQueryData<GroupDetails>(groupDetailsQueryKey(groupId))?.memberCount ?? 0;
      flushTimer ??= setTimeout(flush, refetchDelayMs(members));
      const leftMyself = event.type === 'member_left' && event.userId === viewerId;
      if (event.type === 'group_deleted') rememberGroupDeletion(queryClient, groupId);
      if (event.type === 'group_deleted' || leftMyself) stop('ended');
    };

    const onMessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = liveEventSchema.safeParse(data);
      // An event type from a newer server changes nothing here.
      if (parsed.success) apply(parsed.data);
    };

    const stop = (final: LiveStatus) => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      setStatus(final);
    };

    /**
     * EventSource never says why a connection failed: a deleted (or left) group refuses
     * every reconnection with a 404. So a reconnection that is not a blip asks for the
     * group too; when the viewer cannot see it any more, the stream stops and the page
     * shows "Group not found" (or signs out on a 401).
     */
    const checkGroupIsStillThere = () =>
      callApi(groupsContract.details, { params: { id: groupId } }).catch((error: unknown) => {
        if (stopped || !(isApiError(error, 404) || isApiError(error, 401))) return;
        stop('ended');
        void queryClient.invalidateQueries({
          queryKey: groupDetailsQueryKey(groupId),
          exact: true,
        });
      });

    const connect = () => {
      if (stopped) return;
      const current = new EventSource(
        urlOf(liveContract.events, {
          params: { id: groupId },
          query: { lastEventId: lastEventId ?? undefined },
        }),
      );
      source = current;
      current.onopen = () => {
        // No event seen yet, so nothing can be replayed: read again what may have changed.
        if (attempt > 0 && !lastEventId) {
          apply({ type: 'refetch', groupId, id: 0, reason: 'too_old' });
        }
        attempt = 0;
        setStatus('live');
      };
      current.onerror = () => {
        current.close();
        if (stopped) return;
        if (attempt > 0) {
          setStatus('reconnecting');
          void checkGroupIsStillThere();
        }
        const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 30_000;
        attempt += 1;
        retryTimer = setTimeout(connect, base / 2 + Math.random() * base);
      };
      for (const type of LIVE_EVENT_TYPES) current.addEventListener(type, onMessage);
    };

    connect();
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      if (flushTimer) clearTimeout(flushTimer);
    };
  }, [groupId, viewerId, queryClient, enabled]);

  return status;
}
