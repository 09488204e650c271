import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { currentUserQueryKey, endSession } from '@client/features/auth/api/current-user';
import { markFirstPick } from '@client/features/pwa/install-prompt-state';
import { createQueryClient } from '@client/lib/query-client';
import { savePickMutationKey } from '@client/lib/query-keys';

export function createAppQueryClient(): QueryClient {
  const client = createQueryClient({
    // A 401 while signed in: the server session is gone, whatever this browser remembers.
    onUnauthorized: () => {
      if (client.getQueryData(currentUserQueryKey)) endSession(client);
    },
  });
  // The install offer waits for the first pick.
  client.getMutationCache().subscribe((event) => {
    const { mutation } = event;
    if (event.type !== 'updated' || mutation?.state.status !== 'success') return;
    if (mutation.options.mutationKey?.[0] === savePickMutationKey[0]) markFirstPick();
  });
  return client;
}

export function AppProviders({
  queryClient: given,
  children,
}: {
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
