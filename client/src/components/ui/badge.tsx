import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

// Each pair meets AA for small bold text (checked against the tokens in styles.css).
const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary-soft text-primary-soft-foreground',
        neutral: 'bg-muted text-foreground',
        navy: 'bg-navy text-navy-foreground',
        gold: 'bg-gold text-gold-foreground',
        destructive: 'bg-destructive-soft text-destructive ring-1 ring-destructive/30 ring-inset',
        outline: 'text-foreground ring-1 ring-input ring-inset',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
