import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@client/components/ui/loading-state';
import { useUser } from '@client/features/auth/api/current-user';

/** Renders the child route for a signed-in user and `signedOut` for everyone else. */
export function SignedInOnly({ signedOut }: { signedOut: ReactNode }) {
  const user = useUser();
  if (user === undefined) return <LoadingState screen />;
  return user ? <Outlet /> : signedOut;
}
