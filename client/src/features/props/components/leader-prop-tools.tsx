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

/**
 * The Leader Dashboard's prop buttons (product rules §2): Import Props (from the import-props
 * feature, passed in by the route), Custom Prop, Generate Props, Delete All Props.
 */
export function LeaderPropTools({
  scope,
  importButton,
}: {
  scope: Scope;
  importButton?: ReactNode;
}) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {importButton
          ? "Import props for upcoming games from the master list, write your own, or add prebuilt ones from the sport catalogue for the group's sports."
          : "Write your own props, or add prebuilt ones from the sport catalogue for the group's sports."}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {importButton}
        <CustomPropButton scope={scope} />
        <GenerateSamplePropsButton scope={scope} />
        <DeleteAllPropsButton scope={scope} />
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

/** Product rules §2 and §9: deletes every unlocked prop with its picks, after asking. */
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
