import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '@client/features/auth/api/current-user';
import { ScreenLoading } from './screen-loading';

export function SignedInOnly({ signedOut }: { signedOut: ReactNode }) {
  const user = useUser();
  if (user === undefined) return <ScreenLoading />;
  return user ? <Outlet /> : signedOut;
}
