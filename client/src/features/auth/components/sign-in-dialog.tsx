import { LogIn } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { User } from '@shared/contract/auth';
import { Button } from '@client/components/ui/button';
import { HeaderSignInButton } from './sign-in-button';

const loadBody = () => import('./sign-in-dialog-body');
const SignInDialogBody = lazy(async () => ({ default: (await loadBody()).SignInDialogBody }));

interface SignInDialogProps {
  onSignedIn: (user: User) => void;
  /** Unset: the header's gold button. Set: a default-look button with `triggerLabel`. */
  triggerClassName?: string;
  triggerLabel?: string;
  description?: string;
}

/**
 * The dialog and its forms are fetched when a pointer or the keyboard reaches the button
 * (before the click lands), so the landing does not carry them.
 */
export function SignInDialog({
  onSignedIn,
  triggerClassName,
  triggerLabel = 'Sign In',
  description = 'Log in, or create a free account to join a group and make your picks.',
}: SignInDialogProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and reopening is instant.
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const handleSignedIn = (user: User) => {
    setOpen(false);
    onSignedIn(user);
  };
  const preload = () => void loadBody();
  const triggerEvents = {
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setOpened(true);
      setOpen(true);
    },
  };

  return (
    <>
      {triggerClassName === undefined ? (
        <HeaderSignInButton ref={triggerRef} expanded={open} {...triggerEvents} />
      ) : (
        <Button
          ref={triggerRef}
          className={triggerClassName}
          aria-haspopup="dialog"
          aria-expanded={open}
          {...triggerEvents}
        >
          <LogIn aria-hidden />
          {triggerLabel}
        </Button>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <SignInDialogBody
            open={open}
            onOpenChange={setOpen}
            onSignedIn={handleSignedIn}
            description={description}
            triggerRef={triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
