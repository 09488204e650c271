import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { isApiError } from '@client/lib/api-client';
import { errorMessage } from '@client/lib/form-errors';
import { refreshGroupScores, savePickMutationKey } from '@client/lib/query-keys';
import { toast } from '@client/lib/toast';

/**
 * Picks tapped offline, kept in IndexedDB until the server has answered them: TanStack
 * Query's paused mutation lives only as long as the page.
 */
export interface PendingPick {
  userId: number;
  groupId: number;
  propId: number;
  option: string;
  /** For the message if the server refuses it. */
  title: string;
  queuedAt: number;
}

let store: UseStore | undefined;
const pendingStore = () => (store ??= createStore('pickem-pending-picks', 'picks'));
const keyOf = (userId: number, propId: number) => `${userId}:${propId}`;

export function keepPendingPick(pick: PendingPick): Promise<void> {
  return set(keyOf(pick.userId, pick.propId), pick, pendingStore());
}

export async function forgetPendingPick(userId: number, propId: number, option: string) {
  const key = keyOf(userId, propId);
  const kept = await get<PendingPick>(key, pendingStore());
  // A later tap on the same prop replaced it: that one is still to be answered.
  if (kept?.option === option) await del(key, pendingStore());
}

export async function pendingPicksOf(userId: number): Promise<PendingPick[]> {
  const all = await entries<string, PendingPick>(pendingStore());
  return all
    .map(([, pick]) => pick)
    .filter((pick) => pick.userId === userId)
    .sort((a, b) => a.queuedAt - b.queuedAt);
}

function propsBeingSent(queryClient: QueryClient): Set<number> {
  const pending = queryClient
    .getMutationCache()
    .findAll({ mutationKey: savePickMutationKey, status: 'pending' });
  return new Set(
    pending.map((mutation) => (mutation.state.variables as { propId: number }).propId),
  );
}

/**
 * In the order they were tapped; the server judges each as it arrives. Stops at the first
 * network failure. Resolves to how many are still unsent.
 */
export async function sendPendingPicks(
  queryClient: QueryClient,
  userId: number,
  send: (propId: number, option: string) => Promise<unknown>,
): Promise<number> {
  const picks = await pendingPicksOf(userId);
  const groups = new Set<number>();
  let unsent = picks.length;
  try {
    for (const pick of picks) {
      if (propsBeingSent(queryClient).has(pick.propId)) continue;
      try {
        await send(pick.propId, pick.option);
      } catch (error) {
        if (!isApiError(error)) return unsent;
        toast({
          title: 'Failed to save pick',
          description: `Your pick on "${pick.title}" was not saved: ${errorMessage(error)}`,
          variant: 'destructive',
        });
      }
      await forgetPendingPick(userId, pick.propId, pick.option);
      groups.add(pick.groupId);
      unsent -= 1;
    }
    return unsent;
  } finally {
    for (const groupId of groups) void refreshGroupScores(queryClient, groupId, userId);
  }
}
