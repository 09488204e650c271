import { LoaderCircle } from 'lucide-react';
import { cn } from '@client/lib/cn';

interface LoadingStateProps {
  /** Spec wording, e.g. 'Loading groups...'. */
  label?: string;
  className?: string;
}

/** A polite, announced loading placeholder for a screen or a section. */
export function LoadingState({ label = 'Loading...', className }: LoadingStateProps) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-3 py-12 text-muted-foreground',
        className,
      )}
    >
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
