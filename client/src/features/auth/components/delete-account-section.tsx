import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '@shared/contract/auth';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { errorMessage } from '@client/lib/form-errors';

interface DeleteAccountSectionProps {
  user: User;
  onDeleted: () => void;
}

/** Product rules §4: the first click asks for confirmation, the second deletes. */
export function DeleteAccountSection({ user, onDeleted }: DeleteAccountSectionProps) {
  const [confirming, setConfirming] = useState(false);
  const deleteMutation = useDeleteAccount(user.id);
  const startButtonRef = useRef<HTMLButtonElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const questionId = useId();

  // Keyboard users land on the safe choice when the question appears.
  useEffect(() => {
    if (confirming) cancelButtonRef.current?.focus();
    else if (wasConfirming.current) startButtonRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const deleteForGood = async () => {
    try {
      await deleteMutation.mutateAsync();
      toast({ title: 'Account deleted successfully' });
      onDeleted();
    } catch (error) {
      toast({
        title: 'Failed to delete account',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  if (!confirming) {
    return (
      <Button
        ref={startButtonRef}
        type="button"
        variant="destructive"
        onClick={() => {
          setConfirming(true);
        }}
      >
        Delete Account
      </Button>
    );
  }

  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="grid gap-4 rounded-lg border border-destructive bg-destructive-soft p-4"
    >
      <p id={questionId} className="flex gap-2 text-sm font-semibold text-destructive">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        This permanently deletes your account and cannot be undone. Are you sure?
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button
          ref={cancelButtonRef}
          type="button"
          variant="outline"
          disabled={deleteMutation.isPending}
          onClick={() => {
            setConfirming(false);
          }}
        >
          Cancel
        </Button>
        <Button
          type="button"
          variant="destructive"
          pending={deleteMutation.isPending}
          onClick={() => void deleteForGood()}
        >
          Yes, delete my account
        </Button>
      </div>
    </div>
  );
}
