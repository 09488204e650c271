import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Link } from 'react-router';
import { AppLinkContext, type AppLinkProps } from '@client/components/app-link';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// The parts the app shares with the landing link through the router here.
const routerLink = (props: AppLinkProps) => <Link {...props} />;

/** `queryClient`: the one the landing filled with what it had read (replace-landing.tsx). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppLinkContext value={routerLink}>
          <AppRoutes />
        </AppLinkContext>
      </BrowserRouter>
    </AppProviders>
  );
}
