import { RotateCcw } from 'lucide-react';
import { setMasterResultBodySchema } from '@shared/contract/master-props';
import { resultLabel, VOID_RESULT } from '@shared/domain/group-stats';
import { ResultForm } from '@client/components/result/result-form';
import { toast } from '@client/lib/toast';
import { useSetMasterResult } from '../api/master-props';
import type { MergedMasterProp } from '../merge-master-props';

/**
 * Product rules §5 'Set result' for the operator: the prop's options plus N/A; changing a result
 * and resetting one each ask first. Render it keyed by the result, so the choice starts
 * empty again once a result lands.
 */
export function MasterResultControl({ prop }: { prop: MergedMasterProp }) {
  const mutation = useSetMasterResult();
  const choices = [...prop.options, VOID_RESULT].map((value) => ({
    value,
    label: resultLabel(value),
  }));

  return (
    <ResultForm
      title={prop.title}
      choices={choices}
      current={prop.result}
      initial=""
      labelOf={(value) => resultLabel(value)}
      schema={setMasterResultBodySchema}
      save={(result) => mutation.mutateAsync({ ids: prop.allIds, result: result ?? '' })}
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
    />
  );
}
