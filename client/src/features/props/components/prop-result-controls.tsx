import { Eraser, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { setResultBodySchema, type Prop } from '@shared/contract/props';
import type { GroupLockSettings } from '@shared/domain/lock-state';
import { RESULT_REMOVAL_REOPENS, resultRemovalReopensPicks } from '@shared/domain/reveal';
import { ResultForm } from '@client/components/result/result-form';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useReturnToAutomatic, useSetPropResult } from '../api/prop-mutations';
import { resultChoicesOf, resultLabelOf, resultRemovalEffectOf } from '../prop-labels';

interface PropResultControlsProps {
  prop: Prop;
  scope: { groupId: number; userId: number };
  /** With the page's clock: what removing the result will do. */
  group: GroupLockSettings;
  now: Date;
  children?: ReactNode;
}

/** Product rules §5 'Set result'. Keyed by the prop's result, so the choice starts from it. */
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
      save={(result, reason) => mutation.mutateAsync({ result, reason })}
      overridesFeed={prop.game !== null}
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
        refused: resultRemovalReopensPicks(prop, group, now) ? RESULT_REMOVAL_REOPENS : null,
      }}
      size="sm"
    >
      {prop.game?.overridden ? <ReturnToAutomaticButton prop={prop} scope={scope} /> : null}
      {children}
    </ResultForm>
  );
}

function ReturnToAutomaticButton({
  prop,
  scope,
}: {
  prop: Prop;
  scope: { groupId: number; userId: number };
}) {
  const mutation = useReturnToAutomatic(scope, prop.id);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      pending={mutation.isPending}
      // The promise, not mutate's callbacks: the controls are keyed by the result, so this
      // button is gone once the feed's result lands, and mutate drops an unmounted caller's
      // callbacks.
      onClick={() => {
        mutation.mutateAsync().then(
          (updated) => {
            toast({
              title: 'Back to automatic',
              description:
                updated.result === null
                  ? `"${prop.title}" will be graded when the game ends.`
                  : `"${prop.title}": ${resultLabelOf(prop, updated.result)}, from the feed.`,
            });
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
      <RotateCcw aria-hidden />
      Return to automatic
    </Button>
  );
}
