import { createContext, use, type ComponentProps, type ReactNode } from 'react';

export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

/**
 * What an in-app link is where it is rendered: React Router's Link in the app
 * (app/app.tsx), and on the prerendered landing, which runs without the router, a link
 * that hands the visitor over to the app (app/landing/landing-link.tsx, decision 0030).
 */
export const AppLinkContext = createContext<((props: AppLinkProps) => ReactNode) | null>(null);

/** A link to a page of the app, for the parts the app and the landing share. */
export function AppLink(props: AppLinkProps) {
  const renderLink = use(AppLinkContext);
  if (!renderLink) throw new Error('AppLink needs an AppLinkContext (the router or the landing)');
  return renderLink(props);
}
