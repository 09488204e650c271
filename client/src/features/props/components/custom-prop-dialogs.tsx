import { Pencil, Plus, Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Prop } from '@shared/contract/props';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useCreateProp, useEditProp, type CustomPropPayload } from '../api/prop-mutations';
import { emptyCustomPropForm, formValuesOf } from '../custom-prop-form-values';
import { CustomPropForm } from './custom-prop-form';

interface Scope {
  groupId: number;
  userId: number;
}

/**
 * Creating a prop: the form with its toasts. `onCreated` runs after a success (close the
 * dialog, or start a fresh form); it stays filled in after a refusal so nothing is lost.
 */
export function CreateCustomPropForm({
  scope,
  onCreated,
}: {
  scope: Scope;
  onCreated: () => void;
}) {
  const mutation = useCreateProp(scope);
  const save = async (payload: CustomPropPayload) => {
    try {
      const prop = await mutation.mutateAsync(payload);
      toast({ title: 'Prop saved!', description: `"${prop.title}" is open for picks.` });
      onCreated();
    } catch (error) {
      toast({
        title: 'Failed to save prop',
        description: errorMessage(error),
        variant: 'destructive',
      });
      throw error;
    }
  };
  return (
    <CustomPropForm
      initialValues={emptyCustomPropForm()}
      submitLabel="Create Prop"
      submitIcon={<Plus aria-hidden />}
      pending={mutation.isPending}
      onSave={save}
    />
  );
}

/** The leader's Custom Prop button and its dialog (spec §2). */
export function CreateCustomPropDialog({ scope, trigger }: { scope: Scope; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Custom Prop</DialogTitle>
          <DialogDescription>Members pick one option before the Game Lock Time.</DialogDescription>
        </DialogHeader>
        <CreateCustomPropForm
          scope={scope}
          onCreated={() => {
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Spec §2 'Edit Custom Prop': the same form, filled in, sending an update. */
export function EditCustomPropDialog({ scope, prop }: { scope: Scope; prop: Prop }) {
  const [open, setOpen] = useState(false);
  const mutation = useEditProp(scope, prop.id);
  const save = async (payload: CustomPropPayload) => {
    try {
      await mutation.mutateAsync(payload);
      toast({ title: 'Prop updated!' });
      setOpen(false);
    } catch (error) {
      toast({
        title: 'Failed to update prop',
        description: errorMessage(error),
        variant: 'destructive',
      });
      throw error;
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Edit ${prop.title}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit Custom Prop</DialogTitle>
          <DialogDescription>
            Changing an option's text drops the picks on it; those members pick again.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form on each opening, from the prop as it is now. */}
        {open ? (
          <CustomPropForm
            initialValues={formValuesOf(prop)}
            submitLabel="Save Changes"
            submitIcon={<Save aria-hidden />}
            pending={mutation.isPending}
            onSave={save}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
