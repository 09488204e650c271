import { WandSparkles } from 'lucide-react';
import { useState } from 'react';
import type { GeneratePropsPreview } from '@shared/contract/props';
import type { SampleSport } from '@shared/sample-props';
import { Button } from '@client/components/ui/button';
import { CheckboxField } from '@client/components/ui/checkbox-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { LoadingState } from '@client/components/ui/loading-state';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useGenerateSampleProps } from '../api/prop-mutations';
import { useSamplePropsPreview } from '../api/sample-props-preview';

interface Scope {
  groupId: number;
  userId: number;
}

const propsCount = (count: number) => `${count} ${count === 1 ? 'prop' : 'props'}`;

/**
 * Generate Props asks first (issue 12): how many sample props each of the group's sports
 * would add, with a checkbox per sport, and adds only the sports the leader keeps ticked.
 */
export function GenerateSamplePropsButton({ scope }: { scope: Scope }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary">
          <WandSparkles aria-hidden />
          Generate Props
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate Props</DialogTitle>
          <DialogDescription>
            Prebuilt props from the sport catalogue, each locking at its sport&apos;s next game.
            Choose the sports to add; props the group already has are not added again.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so the choice starts afresh each time. */}
        <GenerateSamplePropsForm
          scope={scope}
          onDone={() => {
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function GenerateSamplePropsForm({ scope, onDone }: { scope: Scope; onDone: () => void }) {
  const preview = useSamplePropsPreview(scope.groupId, true);
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not count the sample props: {errorMessage(preview.error)}
      </p>
    );
  }
  // Wait for the fresh count: an older one may offer props added since.
  if (!preview.data || preview.isFetching) return <LoadingState className="py-6" />;
  return <SportChoice scope={scope} sports={preview.data.sports} onDone={onDone} />;
}

function SportChoice({
  scope,
  sports,
  onDone,
}: {
  scope: Scope;
  sports: GeneratePropsPreview['sports'];
  onDone: () => void;
}) {
  const mutation = useGenerateSampleProps(scope);
  const [chosen, setChosen] = useState<ReadonlySet<SampleSport>>(
    () => new Set(sports.filter((entry) => entry.count > 0).map((entry) => entry.sport)),
  );
  const total = sports
    .filter((entry) => chosen.has(entry.sport))
    .reduce((sum, entry) => sum + entry.count, 0);

  const generate = async () => {
    try {
      const { message, count } = await mutation.mutateAsync([...chosen]);
      toast({ title: count > 0 ? 'Props generated' : 'No new props', description: message });
      onDone();
    } catch (error) {
      toast({
        title: 'Failed to generate props',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  if (sports.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        The catalogue has sample props for NFL, NBA, MLB, NHL and NCAAF; this group follows none of
        them.
      </p>
    );
  }
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void generate();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">Sports</legend>
        {sports.map((entry) => (
          <CheckboxField
            key={entry.sport}
            name="sports"
            value={entry.sport}
            checked={chosen.has(entry.sport)}
            disabled={entry.count === 0 || mutation.isPending}
            onChange={(event) => {
              const next = new Set(chosen);
              if (event.target.checked) next.add(entry.sport);
              else next.delete(entry.sport);
              setChosen(next);
            }}
            label={entry.sport}
            description={
              entry.count === 0
                ? `All ${entry.total} already in the group`
                : entry.count === entry.total
                  ? propsCount(entry.count)
                  : `${propsCount(entry.count)} (${entry.total - entry.count} already in the group)`
            }
          />
        ))}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={total === 0} pending={mutation.isPending}>
          {total === 0 ? 'Nothing to add' : `Add ${propsCount(total)}`}
        </Button>
      </div>
    </form>
  );
}
