import { LogIn } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@shared/contract/auth';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface SignInDialogProps {
  /** Called once the user is signed in and the dialog has closed. */
  onSignedIn: (user: User) => void;
  triggerClassName?: string;
  /** The trigger's words, when it does more than sign in (a join link's 'Sign in to join'). */
  triggerLabel?: string;
  /** Why the visitor is asked to sign in here. */
  description?: string;
}

/** The signed-out header's Sign In button and its Login / Register dialog. */
export function SignInDialog({
  onSignedIn,
  triggerClassName,
  triggerLabel = 'Sign In',
  description = 'Log in, or create a free account to join a group and make your picks.',
}: SignInDialogProps) {
  const [open, setOpen] = useState(false);
  const handleSignedIn = (user: User) => {
    setOpen(false);
    onSignedIn(user);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className={triggerClassName}>
          <LogIn aria-hidden />
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
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
            <LoginForm onSignedIn={handleSignedIn} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onSignedIn={handleSignedIn} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
