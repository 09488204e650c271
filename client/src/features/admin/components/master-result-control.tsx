import { zodResolver } from '@hookform/resolvers/zod';
import { Flag, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { setMasterResultBodySchema } from '@shared/contract/master-props';
import { resultLabel, VOID_RESULT } from '@shared/domain/group-stats';
import { ChangeResultConfirm } from '@client/components/result/change-result-confirm';
import { ResultSelect } from '@client/components/result/result-select';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { reportRefusal } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useSetMasterResult } from '../api/master-props';
import type { MergedMasterProp } from '../merge-master-props';

type Confirming = { kind: 'change'; value: string } | { kind: 'reset' } | null;

const FIELDS = ['result'] as const;

/**
 * Product rules §5 'Set result' for the operator: the prop's options plus N/A; changing a result
 * and resetting one each ask first. Render it keyed by the result, so the choice starts
 * empty again once a result lands.
 */
export function MasterResultControl({ prop }: { prop: MergedMasterProp }) {
  const mutation = useSetMasterResult();
  const form = useForm<
    z.input<typeof setMasterResultBodySchema>,
    unknown,
    z.output<typeof setMasterResultBodySchema>
  >({
    resolver: zodResolver(setMasterResultBodySchema),
    defaultValues: { result: '' },
  });
  const choice = useWatch({ control: form.control, name: 'result' }) ?? '';
  const [confirming, setConfirming] = useState<Confirming>(null);
  const choices = [...prop.options, VOID_RESULT].map((value) => ({
    value,
    label: resultLabel(value),
  }));

  const send = async (result: string) => {
    try {
      await mutation.mutateAsync({ ids: prop.allIds, result });
      toast({ title: 'Success', description: 'Master prop result updated!' });
    } catch (error) {
      reportRefusal(error, 'Error', FIELDS, form.setError);
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
      <form className="flex flex-wrap gap-2" onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="result"
          render={({ field }) => (
            <ResultSelect
              title={prop.title}
              choices={choices}
              className="min-w-40 flex-1"
              disabled={mutation.isPending}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!choice || choice === prop.result}
          pending={mutation.isPending && confirming?.kind !== 'reset'}
        >
          <Flag aria-hidden />
          Set
        </Button>
        {prop.result !== null ? (
          <Button
            type="button"
            variant="outline"
            disabled={mutation.isPending}
            onClick={() => {
              setConfirming({ kind: 'reset' });
            }}
          >
            <RotateCcw aria-hidden />
            Reset
          </Button>
        ) : null}
      </form>

      <ChangeResultConfirm
        change={
          confirming?.kind === 'change' ? { from: prop.result ?? '', to: confirming.value } : null
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
        open={confirming?.kind === 'reset'}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Reset the result?"
        description={`The result of "${prop.title}" is cleared here and in every group that imported it; picks on it go back to pending. This cannot be undone.`}
        confirmLabel="Reset Result"
        variant="destructive"
        pending={mutation.isPending}
        onConfirm={() => {
          void send('');
        }}
      />
    </div>
  );
}
