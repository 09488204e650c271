import { zodResolver } from '@hookform/resolvers/zod';
import { Eraser, Flag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { setResultBodySchema, type Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { ChangeResultConfirm } from '@client/components/result/change-result-confirm';
import { ResultSelect } from '@client/components/result/result-select';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { reportRefusal } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useSetPropResult } from '../api/prop-mutations';
import { resultChoicesOf, resultLabelOf, resultRemovalEffectOf } from '../prop-labels';

interface PropResultControlsProps {
  prop: Prop;
  scope: { groupId: number; userId: number };
  /** The group's lock settings and the page's clock: what removing the result will do. */
  group: GroupLockSettings;
  now: Date;
  /** More actions for the same button row (Edit, Delete). */
  children?: ReactNode;
}

type Pending = { kind: 'change'; value: string } | { kind: 'remove' } | null;

const FIELDS = ['result'] as const;

/**
 * The leader's Set Result and Remove Result (product rules §5 'Set result'). Changing a result
 * that is already set, and removing one, each ask first. Render it keyed by the prop's
 * result, so the choice starts from the result whenever that changes.
 */
export function PropResultControls({ prop, scope, group, now, children }: PropResultControlsProps) {
  const mutation = useSetPropResult(scope, prop.id);
  const form = useForm<
    z.input<typeof setResultBodySchema>,
    unknown,
    z.output<typeof setResultBodySchema>
  >({
    resolver: zodResolver(setResultBodySchema),
    defaultValues: { result: prop.result ?? '' },
  });
  const choice = useWatch({ control: form.control, name: 'result' }) ?? '';
  const [confirming, setConfirming] = useState<Pending>(null);
  const formId = useId();
  const removal = resultRemovalEffectOf(prop, group, now);

  const send = async (result: string | null) => {
    const removing = result === null;
    try {
      await mutation.mutateAsync(result);
      toast({
        title: removing ? 'Result removed!' : 'Result set!',
        description: removing
          ? `"${prop.title}" ${removal.toast}.`
          : `"${prop.title}": ${resultLabelOf(prop, result)}`,
      });
    } catch (error) {
      reportRefusal(
        error,
        removing ? 'Failed to remove result' : 'Failed to set result',
        FIELDS,
        form.setError,
      );
    } finally {
      setConfirming(null);
    }
  };

  const submit = form.handleSubmit(({ result }) => {
    if (result === null || result === prop.result) return;
    if (prop.result !== null) setConfirming({ kind: 'change', value: result });
    else void send(result);
  });

  return (
    <div className="grid gap-2">
      <form id={formId} onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="result"
          render={({ field }) => (
            <ResultSelect
              title={prop.title}
              choices={resultChoicesOf(prop)}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </form>
      {/* Outside the form: the Edit dialog's own form would bubble its submit (through the
          React tree) into this one. The submit button reaches its form by id. */}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          form={formId}
          variant="secondary"
          size="sm"
          disabled={!choice || choice === prop.result}
          pending={mutation.isPending && confirming?.kind !== 'remove'}
        >
          <Flag aria-hidden />
          Set Result
        </Button>
        {prop.result !== null ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setConfirming({ kind: 'remove' });
            }}
          >
            <Eraser aria-hidden />
            Remove Result
          </Button>
        ) : null}
        {children}
      </div>

      <ChangeResultConfirm
        change={
          confirming?.kind === 'change' && prop.result !== null
            ? {
                from: resultLabelOf(prop, prop.result),
                to: resultLabelOf(prop, confirming.value),
              }
            : null
        }
        pending={mutation.isPending}
        onCancel={() => {
          setConfirming(null);
        }}
        onConfirm={() => {
          if (confirming?.kind === 'change') void send(confirming.value);
        }}
      />
      <ConfirmDialog
        open={confirming?.kind === 'remove'}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Remove the result?"
        description={`The result of "${prop.title}" will be removed: ${removal.confirm}. This cannot be undone.`}
        confirmLabel="Remove Result"
        variant="destructive"
        pending={mutation.isPending}
        onConfirm={() => {
          void send(null);
        }}
      />
    </div>
  );
}
