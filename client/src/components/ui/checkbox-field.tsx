import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@client/lib/cn';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

/** The whole row toggles it (a 44px target). */
export function CheckboxField({ label, description, className, ...props }: CheckboxFieldProps) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-input bg-card px-3 py-2.5 transition-colors hover:bg-muted has-checked:border-primary has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2',
        className,
      )}
    >
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary focus-visible:outline-none"
        {...props}
      />
      <span className="grid gap-0.5">
        <span className="text-sm font-semibold text-foreground">{label}</span>
        {description ? <span className="text-sm text-muted-foreground">{description}</span> : null}
      </span>
    </label>
  );
}
