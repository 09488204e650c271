import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { currentUserQueryKey, endSession } from '@client/features/auth/api/current-user';
import { createQueryClient } from '@client/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      // A 401 while signed in means the server session is gone, whatever this browser
      // remembers. (Signed out, a 401 is just a failed login and changes nothing.)
      onUnauthorized: () => {
        if (client.getQueryData(currentUserQueryKey)) endSession(client);
      },
    });
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
