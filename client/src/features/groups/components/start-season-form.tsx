import { useState, type FormEvent } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import { createSeasonBodySchema, SEASON_NAME_MAX_LENGTH } from '@shared/contract/seasons';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { errorMessage } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useStartSeason } from '../api/start-season';

/**
 * Product rules §10 'Seasons': the leader names the next season; the current one is archived
 * read-only. A refusal (props still without a result, 409) is shown under the form, naming
 * them, until the name changes or another try succeeds.
 */
export function StartSeasonForm({ group, userId }: { group: GroupDetails; userId: number }) {
  const start = useStartSeason(userId, group.id);
  return (
    <StartSeasonFormView
      pending={start.isPending}
      onStart={async (name) => {
        await start.mutateAsync(name);
        toast({ title: `${name} started`, description: 'The last season is archived.' });
      }}
    />
  );
}

export function StartSeasonFormView({
  pending,
  onStart,
}: {
  pending: boolean;
  onStart: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSeasonBodySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setConfirming(true);
  };
  const confirm = async () => {
    try {
      await onStart(name.trim());
      setName('');
      setRefusal(undefined);
    } catch (failure) {
      setRefusal(errorMessage(failure));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <form noValidate className="grid gap-3" onSubmit={submit}>
      <p className="text-sm text-muted-foreground">
        Starting a new season archives this one (its rounds, standings, winners and champion,
        read-only) and keeps the members, settings and invite code.
      </p>
      <Field label="New season name" error={error}>
        {(control) => (
          <Input
            {...control}
            maxLength={SEASON_NAME_MAX_LENGTH}
            placeholder="2027 season"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setRefusal(undefined);
            }}
          />
        )}
      </Field>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-destructive wrap-anywhere">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={pending} className="justify-self-start">
        Start New Season
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Start ${name.trim()}?`}
        description="This season is archived for good: its results and standings can no longer change."
        confirmLabel="Start Season"
        pending={pending}
        onConfirm={() => void confirm()}
      />
    </form>
  );
}
