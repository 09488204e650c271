import {
  ChevronDown,
  Info,
  LogOut,
  Settings,
  ShieldCheck,
  UserRound,
  UsersRound,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '@shared/contract/auth';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { toast } from '@client/lib/toast';
import { useLogout } from '../api/logout';
import { errorMessage } from '@client/lib/form-errors';

interface UserMenuProps {
  user: User;
  onLoggedOut: () => void;
}

export function UserMenu({ user, onLoggedOut }: UserMenuProps) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const logoutMutation = useLogout();
  const name = user.displayName || user.username;

  const confirmLogout = async () => {
    try {
      await logoutMutation.mutateAsync();
      onLoggedOut();
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant="onNavy"
            surface="navy"
            className="max-w-[60vw] min-w-0 shrink px-3 sm:max-w-xs"
          >
            <UserRound aria-hidden className="hidden sm:block" />
            <span className="truncate" title={name}>
              {name}
            </span>
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel className="truncate">Signed in as @{user.username}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/group-setup">
              <UsersRound aria-hidden />
              Create/Join Group
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/about">
              <Info aria-hidden />
              About Us
            </Link>
          </DropdownMenuItem>
          {user.isAdmin ? (
            <DropdownMenuItem asChild>
              <Link to="/admin/results">
                <ShieldCheck aria-hidden />
                Admin
              </Link>
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings aria-hidden />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            onSelect={() => {
              setConfirmingLogout(true);
            }}
          >
            <LogOut aria-hidden />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog open={confirmingLogout} onOpenChange={setConfirmingLogout}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            // No trigger of its own: hand focus back to the name button.
            event.preventDefault();
            if (triggerRef.current?.isConnected) triggerRef.current.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure you want to logout?</AlertDialogTitle>
            <AlertDialogDescription>
              You can log back in any time with your username and password.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => void confirmLogout()}>
              Logout
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
