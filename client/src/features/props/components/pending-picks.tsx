import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { savePickMutationKey } from '@client/lib/query-keys';
import { savePick } from '../api/prop-mutations';
import { sendPendingPicks } from '../api/pending-picks';

const isOnline = () => onlineManager.isOnline();

function holdsPausedPick(queryClient: QueryClient): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: savePickMutationKey })
    .some((mutation) => mutation.state.isPaused);
}

/**
 * On every page: picks kept from an earlier visit are sent once online, and leaving the
 * page asks first while any pick is unsent.
 */
export function PendingPicks({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(
    onlineManager.subscribe.bind(onlineManager),
    isOnline,
    isOnline,
  );
  const kept = useRef(0);

  useEffect(() => {
    if (!online) return;
    let current = true;
    void sendPendingPicks(queryClient, userId, savePick).then(
      (unsent) => {
        if (current) kept.current = unsent;
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online, userId, queryClient]);

  // Judged at the moment of leaving, so a tap made just before it counts too.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!holdsPausedPick(queryClient) && (isOnline() || kept.current === 0)) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queryClient]);
  return null;
}
