import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export function RadioGroup({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

interface RadioCardProps extends ComponentProps<typeof RadioGroupPrimitive.Item> {
  label: ReactNode;
  description?: ReactNode;
}

/** The whole card is the radio, so the target is large on a phone. */
export function RadioCard({ className, label, description, ...props }: RadioCardProps) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'group flex min-h-11 w-full items-start gap-3 rounded-lg border border-input bg-card px-3 py-2.5 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-primary data-[state=checked]:bg-primary-soft',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-input bg-card group-data-[state=checked]:border-primary"
      >
        <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-primary" />
      </span>
      <span className="grid gap-0.5">
        <span className="text-sm font-semibold text-foreground">{label}</span>
        {description ? (
          <span className="text-sm text-muted-foreground group-data-[state=checked]:text-primary-soft-foreground">
            {description}
          </span>
        ) : null}
      </span>
    </RadioGroupPrimitive.Item>
  );
}
