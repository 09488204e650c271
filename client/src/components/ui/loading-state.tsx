import { LoaderCircle } from 'lucide-react';
import { cn } from '@client/lib/cn';

interface LoadingStateProps {
  label?: string;
  className?: string;
  /** As tall as the viewport, so the footer does not show and then jump down. */
  screen?: boolean;
}

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
