import type { RefObject } from 'react';
import type { User } from '@shared/contract/auth';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface SignInDialogBodyProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignedIn: (user: User) => void;
  description: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** Its own chunk, loaded when the visitor reaches for the Sign In button. */
export function SignInDialogBody({
  open,
  onOpenChange,
  onSignedIn,
  description,
  triggerRef,
}: SignInDialogBodyProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Opened from a plain button, not a Radix trigger: return focus to it by hand.
          event.preventDefault();
          if (triggerRef.current?.isConnected) triggerRef.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Get in the game</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="login" className="grid gap-5">
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm onSignedIn={onSignedIn} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onSignedIn={onSignedIn} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
