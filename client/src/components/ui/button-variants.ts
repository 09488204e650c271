import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The button's looks, apart from the Button component so a caller can style an element
 * with them without loading tailwind-merge: the landing's own script must stay small
 * (decision 0030), and its buttons take a variant instead of overriding classes, so their
 * classes never need merging (client/src/app/landing/landing-page.test.tsx checks it).
 */
// Every size keeps a 44px touch target; `sm` only tightens the padding.
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
        /** The call to action on the navy header and hero. */
        gold: 'bg-gold text-gold-foreground shadow-sm hover:bg-gold/85',
        /** A quiet button on the navy header. */
        onNavy: 'text-navy-foreground hover:bg-white/10',
      },
      // The text size is the size's, not the base's: joined without tailwind-merge, a
      // `text-sm` beside `lg`'s `text-base` would win or lose by the stylesheet's order.
      size: {
        default: 'px-4 py-2 text-sm',
        sm: 'px-3 py-1.5 text-sm',
        lg: 'px-6 py-2.5 text-base',
        icon: 'size-11 text-sm',
        /** An icon alone on a phone (a 44px square), with its word beside it from `sm` up. */
        iconUntilSm: 'w-11 px-0 py-2 text-sm sm:w-auto sm:px-3',
      },
      /** What the button sits on: the focus ring must stand out against it. */
      surface: {
        page: 'focus-visible:ring-ring',
        // Gold on navy.
        navy: 'focus-visible:ring-gold focus-visible:ring-offset-navy',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', surface: 'page' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
