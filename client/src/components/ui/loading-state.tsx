import { LoaderCircle } from 'lucide-react';
import { cn } from '@client/lib/cn';

interface LoadingStateProps {
  /** Spec wording, e.g. 'Loading groups...'. */
  label?: string;
  className?: string;
  /**
   * A whole screen is loading: the placeholder is as tall as the viewport, so the footer
   * does not show below it and then jump down when the screen arrives (the group page's
   * largest layout shift, decision 0014).
   */
  screen?: boolean;
}

/** A polite, announced loading placeholder for a screen or a section. */
export function LoadingState({ label = 'Loading...', className, screen }: LoadingStateProps) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 py-12 text-muted-foreground',
        screen && 'min-h-dvh items-start',
        className,
      )}
    >
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
