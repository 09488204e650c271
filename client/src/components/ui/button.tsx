import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';
import { PlainButton } from './plain-button';

export { buttonVariants } from './button-variants';

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Renders the child element (for example a router Link) with button styling. */
    asChild?: boolean;
    /**
     * A request is running: shows a spinner and disables the button. The label stays
     * the same so the button keeps its accessible name.
     */
    pending?: boolean;
  };

/** A button; `className` wins over the variant's classes where they conflict (cn). */
export function Button({
  className,
  variant,
  size,
  surface,
  asChild = false,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size, surface }), className);
  if (asChild) {
    const { children, pending: _pending, ...rest } = props;
    return (
      <Slot.Root className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return <PlainButton className={classes} {...props} />;
}
