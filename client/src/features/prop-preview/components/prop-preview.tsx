import { clsx } from 'clsx';
import { CircleAlert, Eye, RotateCw } from 'lucide-react';
import type { PreviewProp } from '@shared/contract/master-props';
import { SportBadge } from '@client/components/sport/sport-badge';
import { buttonVariants } from '@client/components/ui/button-variants';
import { PlainButton } from '@client/components/ui/plain-button';
import type { Read } from '@client/lib/read-state';
import { sportDisplayOf } from '@client/lib/sport-display';

/**
 * Product rules §2 'Prop Preview', shown only when there are some; a failed read is a small
 * notice with a retry (§8). Classes are joined, not merged: the landing has no tailwind-merge.
 */
export function PropPreview({
  preview: previewQuery,
  className,
}: {
  /** TanStack Query's answer in the app, the landing's own read before the app has loaded. */
  preview: Read<PreviewProp[]>;
  className?: string;
}) {
  // Holds the section's room while loading, so the footer does not jump.
  if (previewQuery.isPending) {
    return <div aria-hidden className={clsx('h-80 rounded-xl bg-muted/60', className)} />;
  }
  const props = previewQuery.data ?? [];
  if (previewQuery.isError && props.length === 0) {
    return (
      <div
        role="alert"
        className={clsx(
          'flex items-start gap-3 rounded-xl border border-destructive p-4 text-destructive',
          className,
        )}
      >
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <p className="font-semibold">Failed to fetch props preview</p>
          <p className="text-sm wrap-anywhere">{previewQuery.error?.message}</p>
          <PlainButton
            type="button"
            className={buttonVariants({
              variant: 'outline',
              size: 'sm',
              className: 'mt-1 justify-self-start',
            })}
            pending={previewQuery.isFetching}
            onClick={() => void previewQuery.refetch()}
          >
            <RotateCw aria-hidden />
            Try Again
          </PlainButton>
        </div>
      </div>
    );
  }
  if (props.length === 0) return null;

  return (
    <section aria-labelledby="prop-preview-title" className={clsx('grid min-w-0 gap-4', className)}>
      <div className="grid gap-1">
        <h2
          id="prop-preview-title"
          className="flex items-center gap-2 text-2xl font-extrabold tracking-tight"
        >
          <Eye className="size-6 shrink-0 text-primary" aria-hidden />
          Prop Preview
        </h2>
        <p className="text-muted-foreground">A taste of the props on the games coming up.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {props.map((prop) => (
          <li
            key={prop.id}
            className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
          >
            <div className={clsx('h-1', sportDisplayOf(prop.sport).accentClassName)} aria-hidden />
            <div className="grid flex-1 content-start gap-2 p-4">
              <SportBadge sport={prop.sport} className="justify-self-start" />
              <p className="font-bold wrap-anywhere">{prop.description}</p>
              <p className="text-sm wrap-anywhere text-muted-foreground">{prop.title}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-center text-sm text-muted-foreground">
        {props.length === 1
          ? 'Showing 1 prop from upcoming games'
          : `Showing all ${props.length} props from upcoming games`}
      </p>
    </section>
  );
}
