import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useDeleteUnlockedProps } from '../api/prop-mutations';
import { CreateCustomPropDialog } from './custom-prop-dialogs';
import { GenerateSamplePropsButton } from './generate-props-dialog';

interface Scope {
  groupId: number;
  userId: number;
}

/** Product rules §2. */
export function LeaderPropTools({
  scope,
  importButton,
  gamesButton,
  auditButton,
}: {
  scope: Scope;
  importButton?: ReactNode;
  gamesButton?: ReactNode;
  auditButton?: ReactNode;
}) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {importButton
          ? "Import props for upcoming games from the master list, write your own, or add the sport catalogue's prebuilt props for a game."
          : "Write your own props, or add the sport catalogue's prebuilt props for a game."}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {gamesButton}
        {importButton}
        <CustomPropButton scope={scope} />
        <GenerateSamplePropsButton scope={scope} />
        <DeleteAllPropsButton scope={scope} />
        {auditButton}
      </div>
    </div>
  );
}

export function CustomPropButton({ scope }: { scope: Scope }) {
  return (
    <CreateCustomPropDialog
      scope={scope}
      trigger={
        <Button type="button">
          <Plus aria-hidden />
          Custom Prop
        </Button>
      }
    />
  );
}

/** Product rules §2 and §9. */
function DeleteAllPropsButton({ scope }: { scope: Scope }) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteUnlockedProps(scope);
  const remove = async () => {
    try {
      const { message } = await mutation.mutateAsync();
      toast({ title: 'Props deleted successfully', description: message });
    } catch (error) {
      toast({
        title: 'Failed to delete props',
        description: errorMessage(error),
        variant: 'destructive',
      });
    } finally {
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="text-destructive"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden />
        Delete All Props
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete all unlocked props?"
        description="Every prop that is still open for picks is deleted, with its picks. Locked props and props with a result stay. This cannot be undone."
        confirmLabel="Delete All Props"
        variant="destructive"
        pending={mutation.isPending}
        onConfirm={() => {
          void remove();
        }}
      />
    </>
  );
}
