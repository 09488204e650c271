import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  generatePropsBodySchema,
  type GeneratePropsBody,
  type GeneratePropsPreview,
} from '@shared/contract/props';
import { gameTitleOf } from '@shared/domain/game-props';
import { SAMPLE_PROP_SPORTS, TEAM_NAME_MAX_LENGTH, nextGameDateFor } from '@shared/sample-props';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { LoadingState } from '@client/components/ui/loading-state';
import { NativeSelect } from '@client/components/ui/native-select';
import { errorMessage, reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';
import { clockTime, monthDay, weekdayDate } from '@client/lib/format';
import { gamesQueryOptions } from '@client/lib/games-query';
import { toast } from '@client/lib/toast';
import { useGenerateSampleProps } from '../api/prop-mutations';
import { useSamplePropsPreview } from '../api/sample-props-preview';

interface Scope {
  groupId: number;
  userId: number;
}

const propsCount = (count: number) => `${count} ${count === 1 ? 'prop' : 'props'}`;

/** A game of the scores feed or, when the feed has none or cannot be read, teams the leader types. */
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
            Prebuilt props for one game, naming its teams and locking when it starts. Props the
            group already has for that game are not added again.
          </DialogDescription>
        </DialogHeader>
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
        Could not read the sample props: {errorMessage(preview.error)}
      </p>
    );
  }
  if (!preview.data) return <LoadingState className="py-6" />;
  if (preview.data.sports.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        The catalogue has sample props for NFL, NBA, MLB, NHL and NCAAF; this group follows none of
        them.
      </p>
    );
  }
  return <GameChoice scope={scope} sports={preview.data.sports} onDone={onDone} />;
}

const TYPED = 'typed';
const GAMES_AHEAD_DAYS = 14;

/** The typed teams keep the request's names, so the shared schema's messages land under them. */
const gameFormSchema = z
  .object({
    sport: z.enum(SAMPLE_PROP_SPORTS),
    gameId: z.string(),
    game: z.object({ away: z.string(), home: z.string() }),
  })
  .transform(({ sport, gameId, game }): z.input<typeof generatePropsBodySchema> => ({
    game: gameId === TYPED ? { sport, ...game } : { gameId: Number(gameId) },
  }))
  .pipe(generatePropsBodySchema);
type GameFormValues = z.input<typeof gameFormSchema>;
const FIELDS = ['sport', 'gameId', 'game.away', 'game.home'] as const;

function GameChoice({
  scope,
  sports,
  onDone,
}: {
  scope: Scope;
  sports: GeneratePropsPreview['sports'];
  onDone: () => void;
}) {
  const mutation = useGenerateSampleProps(scope);
  const form = useForm<GameFormValues, unknown, GeneratePropsBody>({
    resolver: zodResolver(gameFormSchema),
    defaultValues: { sport: sports[0]!.sport, gameId: '', game: { away: '', home: '' } },
  });
  const [sport, picked] = useWatch({ control: form.control, name: ['sport', 'gameId'] });
  const [openedAt] = useState(() => new Date());
  const range = {
    sport,
    from: openedAt.toISOString(),
    to: new Date(openedAt.getTime() + GAMES_AHEAD_DAYS * 86_400_000).toISOString(),
  };
  const games = useQuery(gamesQueryOptions(range));
  const upcoming = (games.data ?? []).filter(
    (game) => game.status === 'scheduled' && Date.parse(game.startsAt) > openedAt.getTime(),
  );
  const choice = picked || (upcoming[0] ? String(upcoming[0].id) : TYPED);
  const total = sports.find((entry) => entry.sport === sport)?.total ?? 0;
  const chosenGame = upcoming.find((game) => String(game.id) === choice);
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const { message, count } = await mutation.mutateAsync(body);
        toast({ title: count > 0 ? 'Props generated' : 'No new props', description: message });
        onDone();
      } catch (error) {
        reportRefusal(error, 'Failed to generate props', FIELDS, form.setError);
      }
    },
    (fieldErrors) => {
      toastFirstValidationError(fieldErrors, FIELDS);
    },
  );

  const feedNote = games.isError
    ? "The scores feed can't be read right now: type the game's teams."
    : games.data && upcoming.length === 0
      ? `The scores feed has no ${sport} games in the next ${GAMES_AHEAD_DAYS} days: type the game's teams.`
      : null;

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        form.setValue('gameId', choice);
        void submit(event);
      }}
    >
      <Field label="Sport" error={errors.sport?.message}>
        {(control) => (
          <NativeSelect
            {...control}
            {...form.register('sport', {
              onChange: () => {
                form.setValue('gameId', '');
              },
            })}
            disabled={mutation.isPending}
          >
            {sports.map((entry) => (
              <option key={entry.sport} value={entry.sport}>
                {entry.sport}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {games.isPending ? (
        <LoadingState className="py-2" />
      ) : (
        <>
          {upcoming.length > 0 ? (
            <Field
              label="Game"
              error={errors.gameId?.message}
              hint={
                chosenGame
                  ? `Starts ${whenOf(chosenGame.startsAt)}: the props lock then.`
                  : undefined
              }
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="gameId"
                  render={({ field }) => (
                    <NativeSelect
                      {...control}
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={choice}
                      onChange={(event) => {
                        field.onChange(event.target.value);
                      }}
                      disabled={mutation.isPending}
                    >
                      {upcoming.map((game) => (
                        <option key={game.id} value={String(game.id)}>
                          {`${gameTitleOf(game)}, ${monthDay(new Date(game.startsAt))}`}
                        </option>
                      ))}
                      <option value={TYPED}>Another game: type the teams</option>
                    </NativeSelect>
                  )}
                />
              )}
            </Field>
          ) : (
            <p className="text-sm text-muted-foreground">{feedNote}</p>
          )}
          {choice === TYPED ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Away team" error={errors.game?.away?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('game.away')}
                    maxLength={TEAM_NAME_MAX_LENGTH}
                    autoComplete="off"
                    disabled={mutation.isPending}
                  />
                )}
              </Field>
              <Field label="Home team" error={errors.game?.home?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('game.home')}
                    maxLength={TEAM_NAME_MAX_LENGTH}
                    autoComplete="off"
                    disabled={mutation.isPending}
                  />
                )}
              </Field>
              <p className="text-sm text-muted-foreground sm:col-span-2">
                {`The props lock ${whenOf(nextGameDateFor(sport, openedAt).toISOString())}, the next usual ${sport} game time.`}
              </p>
            </div>
          ) : null}
        </>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={mutation.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={games.isPending} pending={mutation.isPending}>
          {`Add ${propsCount(total)}`}
        </Button>
      </div>
    </form>
  );
}

const whenOf = (iso: string) => {
  const date = new Date(iso);
  return `${weekdayDate(date)}, ${clockTime(date)}`;
};
