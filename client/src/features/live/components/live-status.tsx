import type { LiveStatus } from '../use-group-events';

/** Nothing for a blip: the hook says 'reconnecting' only once a first reconnect has failed. */
export function LiveStatusNote({ status }: { status: LiveStatus }) {
  return (
    <p role="status" aria-live="polite" className="text-xs text-muted-foreground">
      {status === 'reconnecting' ? 'Reconnecting…' : ''}
    </p>
  );
}
