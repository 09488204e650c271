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

/** Product rules §8: the leader's and the member's toasts are worded differently. */
type Voice = 'leader' | 'member';

const WORDING = {
  leader: {
    created: 'Prop saved!',
    createFailed: 'Failed to save prop',
    updated: 'Prop updated!',
    updateFailed: 'Failed to update prop',
  },
  member: {
    created: 'Custom prop created!',
    createFailed: 'Failed to create custom prop',
    updated: 'Custom prop updated!',
    updateFailed: 'Failed to update custom prop',
  },
} as const satisfies Record<Voice, Record<string, string>>;

/** `onCreated` runs after a success; after a refusal the form stays filled in. */
export function CreateCustomPropForm({
  scope,
  voice,
  onCreated,
}: {
  scope: Scope;
  voice: Voice;
  onCreated: () => void;
}) {
  const mutation = useCreateProp(scope);
  const save = async (payload: CustomPropPayload) => {
    try {
      const prop = await mutation.mutateAsync(payload);
      toast({ title: WORDING[voice].created, description: `"${prop.title}" is open for picks.` });
      onCreated();
    } catch (error) {
      toast({
        title: WORDING[voice].createFailed,
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

/** Product rules §2. */
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
          voice="leader"
          onCreated={() => {
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Product rules §2 'Edit Custom Prop'. */
export function EditCustomPropDialog({ scope, prop }: { scope: Scope; prop: Prop }) {
  const [open, setOpen] = useState(false);
  const mutation = useEditProp(scope, prop.id);
  // An editable prop is never imported, so only its leader may also set its result; a
  // member editing it is its creator.
  const voice: Voice = prop.canSetResult ? 'leader' : 'member';
  const save = async (payload: CustomPropPayload) => {
    try {
      await mutation.mutateAsync(payload);
      toast({ title: WORDING[voice].updated });
      setOpen(false);
    } catch (error) {
      toast({
        title: WORDING[voice].updateFailed,
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
