import { LogIn } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { PlainButton } from '@client/components/ui/plain-button';

/**
 * SignInDialog's trigger in the app; on the landing (without the dialog's code) the
 * button that hands the visitor over to the app, which opens the dialog.
 */
export function HeaderSignInButton({
  expanded,
  ...props
}: Omit<ComponentProps<'button'>, 'className' | 'children'> & { expanded: boolean }) {
  return (
    <PlainButton
      className={buttonVariants({ variant: 'gold', surface: 'navy' })}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      {...props}
    >
      <LogIn aria-hidden />
      Sign In
    </PlainButton>
  );
}
