import { cva, type VariantProps } from 'class-variance-authority';

/**
 * Apart from Button so the landing can use them without loading tailwind-merge: its
 * buttons take a variant instead of overriding classes. Every size keeps a 44px target.
 */
export const buttonVariants = cva(
  'inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive:
          'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        link: 'text-primary underline-offset-4 hover:underline',
        gold: 'bg-gold text-gold-foreground shadow-sm hover:bg-gold/85',
        onNavy: 'text-navy-foreground hover:bg-white/10',
      },
      // The text size is the size's, not the base's: joined without tailwind-merge, a
      // `text-sm` beside `lg`'s `text-base` would win or lose by the stylesheet's order.
      size: {
        default: 'px-4 py-2 text-sm',
        sm: 'px-3 py-1.5 text-sm',
        lg: 'px-6 py-2.5 text-base',
        icon: 'size-11 text-sm',
        iconUntilSm: 'w-11 px-0 py-2 text-sm sm:w-auto sm:px-3',
      },
      /** The focus ring must stand out against what the button sits on. */
      surface: {
        page: 'focus-visible:ring-ring',
        navy: 'focus-visible:ring-gold focus-visible:ring-offset-navy',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', surface: 'page' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
