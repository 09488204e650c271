import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '@client/features/auth/api/current-user';
import { ScreenLoading } from './screen-loading';

/** Renders the child route for a signed-in user and `signedOut` for everyone else. */
export function SignedInOnly({ signedOut }: { signedOut: ReactNode }) {
  const user = useUser();
  if (user === undefined) return <ScreenLoading />;
  return user ? <Outlet /> : signedOut;
}
