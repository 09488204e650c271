import { Eraser } from 'lucide-react';
import type { ReactNode } from 'react';
import { setResultBodySchema, type Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { ResultForm } from '@client/components/result/result-form';
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

/**
 * The leader's Set Result and Remove Result (product rules §5 'Set result'). Changing a result
 * that is already set, and removing one, each ask first. Render it keyed by the prop's
 * result, so the choice starts from the result whenever that changes.
 */
export function PropResultControls({ prop, scope, group, now, children }: PropResultControlsProps) {
  const mutation = useSetPropResult(scope, prop.id);
  const removal = resultRemovalEffectOf(prop, group, now);

  return (
    <ResultForm
      title={prop.title}
      choices={resultChoicesOf(prop)}
      current={prop.result}
      initial={prop.result ?? ''}
      labelOf={(value) => resultLabelOf(prop, value)}
      schema={setResultBodySchema}
      save={(result) => mutation.mutateAsync(result)}
      pending={mutation.isPending}
      onSaved={(result) => {
        toast(
          result === null
            ? { title: 'Result removed!', description: `"${prop.title}" ${removal.toast}.` }
            : {
                title: 'Result set!',
                description: `"${prop.title}": ${resultLabelOf(prop, result)}`,
              },
        );
      }}
      refusalTitle={(result) =>
        result === null ? 'Failed to remove result' : 'Failed to set result'
      }
      setLabel="Set Result"
      clear={{
        label: 'Remove Result',
        icon: <Eraser aria-hidden />,
        title: 'Remove the result?',
        description: `The result of "${prop.title}" will be removed: ${removal.confirm}. This cannot be undone.`,
        confirmLabel: 'Remove Result',
      }}
      size="sm"
    >
      {children}
    </ResultForm>
  );
}
