import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Prop } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useDeleteProp } from '../api/prop-mutations';

export function DeletePropButton({
  prop,
  scope,
}: {
  prop: Prop;
  scope: { groupId: number; userId: number };
}) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteProp(scope, prop.id);

  const remove = async () => {
    try {
      await mutation.mutateAsync();
      toast({ title: 'Prop deleted', description: `"${prop.title}" and its picks are gone.` });
    } catch (error) {
      toast({
        title: 'Failed to delete prop',
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
        size="sm"
        className="text-destructive"
        aria-label={`Delete ${prop.title}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this prop?"
        description={`"${prop.title}" and every pick on it will be deleted. This cannot be undone.`}
        confirmLabel="Delete Prop"
        variant="destructive"
        pending={mutation.isPending}
        onConfirm={() => {
          void remove();
        }}
      />
    </>
  );
}
