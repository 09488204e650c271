import { ConfirmDialog } from '@client/components/ui/confirm-dialog';

interface ChangeResultConfirmProps {
  /** null while nothing is asked. */
  change: { from: string; to: string } | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Product rules §5 'Set result': changing a set result asks first. */
export function ChangeResultConfirm({
  change,
  pending,
  onCancel,
  onConfirm,
}: ChangeResultConfirmProps) {
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Change the result?"
      description={
        change
          ? `This prop already has a result: ${change.from}. Are you sure you want to change it to ${change.to}?`
          : ''
      }
      confirmLabel="Change Result"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
