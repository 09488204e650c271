import { RotateCcw, Undo2 } from 'lucide-react';
import { setMasterResultBodySchema } from '@shared/contract/master-props';
import { resultLabel, VOID_RESULT } from '@shared/domain/group-stats';
import { ResultForm } from '@client/components/result/result-form';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useReturnMasterToAutomatic, useSetMasterResult } from '../api/master-props';
import type { MergedMasterProp } from '../merge-master-props';

/**
 * Product rules §5 'Set result' for the operator. Keyed by the result, so the choice starts
 * empty again once a result lands.
 */
export function MasterResultControl({ prop }: { prop: MergedMasterProp }) {
  const mutation = useSetMasterResult();
  // A linked prop's values are the market's words (away, home): its labels name them.
  const labelOf = (value: string) => {
    const index = prop.options.indexOf(value);
    return resultLabel(value, prop.link?.labels[index]);
  };
  const choices = [...prop.options, VOID_RESULT].map((value) => ({
    value,
    label: labelOf(value),
  }));

  return (
    <ResultForm
      title={prop.title}
      choices={choices}
      current={prop.result}
      initial=""
      labelOf={labelOf}
      schema={setMasterResultBodySchema}
      save={(result, reason) =>
        mutation.mutateAsync({ ids: prop.allIds, result: result ?? '', reason })
      }
      overridesFeed={prop.link !== null}
      pending={mutation.isPending}
      onSaved={() => {
        toast({ title: 'Success', description: 'Master prop result updated!' });
      }}
      refusalTitle={() => 'Error'}
      setLabel="Set"
      clear={{
        label: 'Reset',
        icon: <RotateCcw aria-hidden />,
        title: 'Reset the result?',
        description: `The result of "${prop.title}" is cleared here and in every group that imported it; picks on it go back to pending. This cannot be undone.`,
        confirmLabel: 'Reset Result',
      }}
      inline
    >
      {prop.link?.overridden ? <ReturnToAutomatic ids={prop.allIds} /> : null}
    </ResultForm>
  );
}

function ReturnToAutomatic({ ids }: { ids: readonly number[] }) {
  const mutation = useReturnMasterToAutomatic();
  return (
    <Button
      type="button"
      variant="outline"
      pending={mutation.isPending}
      // The promise, not mutate's callbacks: the card is keyed by its result, so this button
      // is gone once the feed's result lands, and mutate drops an unmounted caller's callbacks.
      onClick={() => {
        mutation.mutateAsync(ids).then(
          () => {
            toast({ title: 'Back to automatic', description: "The feed's result applies again." });
          },
          (error: unknown) => {
            toast({
              title: 'Failed to return to automatic',
              description: errorMessage(error),
              variant: 'destructive',
            });
          },
        );
      }}
    >
      <Undo2 aria-hidden />
      Return to automatic
    </Button>
  );
}
