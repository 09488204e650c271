import { CircleAlert, RotateCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';

/** Shown when a screen throws, e.g. its code chunk is gone after a new deploy. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

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
      {detail ? <p className="mt-2 text-sm break-words">{detail}</p> : null}
    </EmptyState>
  );
}
