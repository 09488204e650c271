import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';
import { PlainButton } from './plain-button';

export { buttonVariants } from './button-variants';

export type ButtonProps = ComponentProps<'button'> &
  ButtonVariantProps & {
    asChild?: boolean;
    /** Shows a spinner and disables the button; the label stays, so the accessible name does. */
    pending?: boolean;
  };

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
