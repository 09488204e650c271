import { createContext, use, type ComponentProps, type ReactNode } from 'react';

export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/**
 * React Router's Link in the app; on the prerendered landing, which runs without the
 * router, a link that hands the visitor over to the app.
 */
export const AppLinkContext = createContext<((props: AppLinkProps) => ReactNode) | null>(null);

export function AppLink(props: AppLinkProps) {
  const renderLink = use(AppLinkContext);
  if (!renderLink) throw new Error('AppLink needs an AppLinkContext (the router or the landing)');
  return renderLink(props);
}
