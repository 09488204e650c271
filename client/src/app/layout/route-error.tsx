import { CircleAlert, RotateCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';

/** Catches what a screen throws while rendering (e.g. its chunk is gone after a deploy). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenErrorBoundary key={pathname}>{children}</ScreenErrorBoundary>;
}

class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;

  return (
    <EmptyState
      icon={CircleAlert}
      title="Something went wrong"
      titleAs="h1"
      action={
        <Button
          type="button"
          onClick={() => {
            window.location.reload();
          }}
        >
          <RotateCw aria-hidden />
          Reload the page
        </Button>
      }
    >
      <p>This page could not be shown. Reloading usually fixes it.</p>
      {detail ? <p className="mt-2 text-sm wrap-anywhere">{detail}</p> : null}
    </EmptyState>
  );
}
