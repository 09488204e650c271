import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { dropWorstRoundsSchema, scoringModeSchema } from '@shared/contract/competition';
import type { GroupDetails } from '@shared/contract/groups';
import {
  DropWorstRoundsField,
  ScoringField,
} from '@client/components/group-settings/group-settings-fields';
import { Button } from '@client/components/ui/button';
import { isApiError } from '@client/lib/api-client';
import { reportRefusal } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useUpdateGroup } from '../api/update-group';

const competitionSettingsSchema = z.object({
  scoring: scoringModeSchema,
  dropWorstRounds: dropWorstRoundsSchema,
});
type CompetitionSettings = z.infer<typeof competitionSettingsSchema>;
const FIELDS = ['scoring', 'dropWorstRounds'] as const;

/**
 * Product rules §10 'Seasons': scoring and dropped weeks, fixed once the season's first prop
 * locks; the server's refusal stays under the form, since it holds for the rest of the season.
 */
export function CompetitionSettingsForm({
  group,
  userId,
}: {
  group: GroupDetails;
  userId: number;
}) {
  const updateMutation = useUpdateGroup(userId, group.id);
  return (
    <CompetitionSettingsView
      saved={group}
      save={(change) => updateMutation.mutateAsync(change)}
      pending={updateMutation.isPending}
    />
  );
}

interface CompetitionSettingsViewProps {
  saved: CompetitionSettings;
  save: (change: CompetitionSettings) => Promise<unknown>;
  pending: boolean;
}

export function CompetitionSettingsView({ saved, save, pending }: CompetitionSettingsViewProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CompetitionSettings>({
    resolver: zodResolver(competitionSettingsSchema),
    defaultValues: { scoring: saved.scoring, dropWorstRounds: saved.dropWorstRounds },
  });
  const [scoring, dropWorstRounds] = useWatch({
    control: form.control,
    name: ['scoring', 'dropWorstRounds'],
  });
  const unchanged = scoring === saved.scoring && dropWorstRounds === saved.dropWorstRounds;

  const submit = form.handleSubmit(async (change) => {
    try {
      await save(change);
      setRefusal(null);
      toast({ title: 'Group updated successfully' });
    } catch (error) {
      if (isApiError(error, 409)) setRefusal(error.message);
      reportRefusal(error, 'Failed to update group', FIELDS, form.setError);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Controller
        control={form.control}
        name="scoring"
        render={({ field }) => (
          <ScoringField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:grid-cols-3"
          />
        )}
      />
      <Controller
        control={form.control}
        name="dropWorstRounds"
        render={({ field }) => (
          <DropWorstRoundsField
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            className="sm:max-w-xs"
          />
        )}
      />
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="outline"
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={unchanged}
        pending={pending}
      >
        Save Scoring
      </Button>
    </form>
  );
}
