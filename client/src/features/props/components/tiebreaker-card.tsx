import { Target } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { GroupDetails } from '@shared/contract/groups';
import type { Prop } from '@shared/contract/props';
import type { RoundInfo } from '@shared/contract/rounds';
import {
  createTiebreakerInputSchema,
  tiebreakerValueInputSchema,
  TIEBREAKER_QUESTION_MAX_LENGTH,
  type CreateTiebreakerInput,
  type Tiebreaker,
} from '@shared/contract/tiebreakers';
import { ALL_SPORTS } from '@shared/domain/prop-order';
import { roundInstantOf } from '@shared/domain/rounds';
import { TIEBREAKER_MAX_ANSWER, TIEBREAKER_MIN_ANSWER } from '@shared/domain/tiebreaker';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SectionCard } from '@client/components/ui/section-card';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@client/lib/datetime-local';
import { errorMessage } from '@client/lib/form-errors';
import { formatDateTime } from '@client/lib/format';
import { currentRoundInfo, useRounds } from '@client/lib/rounds-query';
import { useGroupProps } from '../api/group-props';
import {
  useAnswerTiebreaker,
  useAskTiebreaker,
  useSetTiebreakerActual,
  useTiebreaker,
  type RoundScope,
} from '../api/tiebreaker';
import { useNow } from '../use-now';

const NO_MOMENTS: readonly number[] = [];
const REVEAL_RETRY_MS = 2_000;
const RANGE = `${TIEBREAKER_MIN_ANSWER}–${TIEBREAKER_MAX_ANSWER}`;

/**
 * Product rules §10 'Tiebreaker', beside the round's props: members answer until it locks
 * and see everyone's answers after; the leader asks the question and may set the figure.
 */
export function TiebreakerCard({ group }: { group: GroupDetails }) {
  const rounds = useRounds(group.id).data;
  const now = useNow(NO_MOMENTS);
  const round = rounds ? currentRoundInfo(rounds, now) : null;
  if (!round) return null;
  return <RoundTiebreaker key={round.id} group={group} round={round} />;
}

function RoundTiebreaker({ group, round }: { group: GroupDetails; round: RoundInfo }) {
  const scope = { groupId: group.id, roundId: round.id };
  const tiebreaker = useTiebreaker(scope);
  const moments = useMemo(
    () => (tiebreaker.data ? [new Date(tiebreaker.data.locksAt).getTime()] : NO_MOMENTS),
    [tiebreaker.data],
  );
  const now = useNow(moments);
  const { data, refetch } = tiebreaker;
  // The answers are sealed in the copy read before the lock: read them again once it
  // passes, and again shortly if the server's clock had not reached it yet.
  const awaitingReveal = Boolean(data && !data.locked && tiebreakerLockedAt(data, now));
  useEffect(() => {
    if (!awaitingReveal) return;
    void refetch();
    const timer = setInterval(() => void refetch(), REVEAL_RETRY_MS);
    return () => {
      clearInterval(timer);
    };
  }, [awaitingReveal, refetch]);
  if (tiebreaker.data === undefined) return null;
  if (tiebreaker.data === null) {
    return group.isLeader ? <AskTiebreaker group={group} round={round} scope={scope} /> : null;
  }
  return (
    <TiebreakerActions
      scope={scope}
      tiebreaker={tiebreaker.data}
      roundLabel={round.label}
      canAnswer={group.isContestant}
      isLeader={group.isLeader}
      now={now}
    />
  );
}

function TiebreakerActions({
  scope,
  ...view
}: Omit<TiebreakerViewProps, 'onAnswer' | 'onSetActual'> & { scope: RoundScope }) {
  const answer = useAnswerTiebreaker(scope);
  const setActual = useSetTiebreakerActual(scope);
  return (
    <TiebreakerView
      {...view}
      onAnswer={(value) => answer.mutateAsync(value)}
      onSetActual={(value) => setActual.mutateAsync(value)}
    />
  );
}

interface TiebreakerViewProps {
  tiebreaker: Tiebreaker;
  roundLabel: string;
  /** The viewer plays in the group. */
  canAnswer: boolean;
  isLeader: boolean;
  now: Date;
  onAnswer: (value: number) => Promise<unknown>;
  onSetActual: (value: number) => Promise<unknown>;
}

/** The server's `locked` was judged when it answered; the clock may have passed it since. */
export const tiebreakerLockedAt = (tiebreaker: Tiebreaker, now: Date) =>
  tiebreaker.locked || new Date(tiebreaker.locksAt).getTime() <= now.getTime();

export function TiebreakerView({
  tiebreaker,
  roundLabel,
  canAnswer,
  isLeader,
  now,
  onAnswer,
  onSetActual,
}: TiebreakerViewProps) {
  const locked = tiebreakerLockedAt(tiebreaker, now);
  const mine = tiebreaker.myAnswer;
  return (
    <SectionCard title={`${roundLabel} tiebreaker`} icon={Target}>
      <div className="grid gap-3 text-sm">
        <p className="text-base font-medium wrap-anywhere">{tiebreaker.question}</p>
        <p className="text-muted-foreground">
          {locked ? 'Locked' : 'Locks'} {formatDateTime(tiebreaker.locksAt)} ·{' '}
          {tiebreaker.answerCount === 1 ? '1 answer' : `${tiebreaker.answerCount} answers`}
          {locked ? '' : ', sealed until then'}
        </p>
        {canAnswer && !locked ? (
          <NumberForm
            key={mine?.value ?? 'none'}
            label={`Your answer (${RANGE})`}
            initial={mine?.value}
            submitLabel={mine ? 'Change answer' : 'Save answer'}
            onSubmit={onAnswer}
          />
        ) : null}
        {canAnswer && locked ? (
          <p>
            Your answer: <strong>{mine ? mine.value : 'none'}</strong>
          </p>
        ) : null}
        {locked ? <Outcome tiebreaker={tiebreaker} /> : null}
        {isLeader && locked ? (
          <NumberForm
            label={`Actual figure (${RANGE})`}
            hint={
              tiebreaker.gameId === null
                ? undefined
                : "The game's final total sets it by itself; a figure you set stands instead."
            }
            initial={tiebreaker.actual ?? undefined}
            submitLabel="Set figure"
            onSubmit={onSetActual}
          />
        ) : null}
      </div>
    </SectionCard>
  );
}

function Outcome({ tiebreaker }: { tiebreaker: Tiebreaker }) {
  return (
    <div className="grid gap-2">
      <p data-testid="tiebreaker-actual">
        Actual:{' '}
        <strong>
          {tiebreaker.actual ?? (tiebreaker.gameId === null ? 'not set yet' : 'when the game ends')}
        </strong>
      </p>
      {!tiebreaker.locked ? null : tiebreaker.answers.length > 0 ? (
        <ol aria-label="Tiebreaker answers" className="grid divide-y divide-border">
          {tiebreaker.answers.map((answer) => (
            <li key={answer.user.id} className="flex min-h-10 items-center gap-3 py-1">
              <span className="min-w-0 flex-1 truncate font-medium">{answer.user.displayName}</span>
              <span className="shrink-0 font-semibold tabular-nums">{answer.value}</span>
              {answer.distance === null ? null : (
                <span className="w-14 shrink-0 text-right text-muted-foreground tabular-nums">
                  {answer.distance} off
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">Nobody answered.</p>
      )}
    </div>
  );
}

/** A whole number from 0 to 999, checked as the contract checks it. */
function NumberForm({
  label,
  hint,
  initial,
  submitLabel,
  onSubmit,
}: {
  label: string;
  hint?: string;
  initial: number | undefined;
  submitLabel: string;
  onSubmit: (value: number) => Promise<unknown>;
}) {
  const [text, setText] = useState(initial === undefined ? '' : String(initial));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = tiebreakerValueInputSchema.safeParse({
      value: text.trim() === '' ? Number.NaN : Number(text),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await onSubmit(parsed.data.value);
    } catch (refusal) {
      setError(errorMessage(refusal));
    } finally {
      setPending(false);
    }
  };
  return (
    <form noValidate className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <Field label={label} hint={hint} error={error} className="min-w-0 flex-1 basis-40">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={TIEBREAKER_MIN_ANSWER}
            max={TIEBREAKER_MAX_ANSWER}
            step={1}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
        )}
      </Field>
      <Button type="submit" disabled={pending} className={error || hint ? 'self-center' : ''}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The games of the round's props, for a tiebreaker on a game's total points. */
function gamesOfRound(props: readonly Prop[], round: RoundInfo) {
  const start = new Date(round.startsAt).getTime();
  const end = new Date(round.endsAt).getTime();
  const games = new Map<number, string>();
  for (const prop of props) {
    const instant = roundInstantOf(prop)?.getTime();
    if (!prop.game || instant === undefined || instant < start || instant >= end) continue;
    games.set(prop.game.id, `${prop.game.away.name} at ${prop.game.home.name}`);
  }
  return [...games];
}

function AskTiebreaker({
  group,
  round,
  scope,
}: {
  group: GroupDetails;
  round: RoundInfo;
  scope: RoundScope;
}) {
  const props = useGroupProps(group.id, ALL_SPORTS).data;
  const games = useMemo(() => gamesOfRound(props ?? [], round), [props, round]);
  const ask = useAskTiebreaker(scope);
  return (
    <AskTiebreakerForm
      roundLabel={round.label}
      games={games}
      pending={ask.isPending}
      onAsk={(input) => ask.mutateAsync(input)}
    />
  );
}

export function AskTiebreakerForm({
  roundLabel,
  games,
  pending,
  onAsk,
}: {
  roundLabel: string;
  games: readonly (readonly [number, string])[];
  pending: boolean;
  onAsk: (input: CreateTiebreakerInput) => Promise<unknown>;
}) {
  const [question, setQuestion] = useState('');
  const [locksAt, setLocksAt] = useState('');
  const [gameId, setGameId] = useState('');
  const [error, setError] = useState<string>();
  const gameFieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      question,
      locksAt: fromDateTimeLocalValue(locksAt) ?? '',
      gameId: gameId === '' ? null : Number(gameId),
    };
    const parsed = createTiebreakerInputSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onAsk(input);
    } catch (refusal) {
      setError(errorMessage(refusal));
    }
  };
  return (
    <SectionCard title={`${roundLabel} tiebreaker`} icon={Target}>
      <form noValidate className="grid gap-3 text-sm" onSubmit={(e) => void submit(e)}>
        <p className="text-muted-foreground">
          Ask one question with a whole-number answer ({RANGE}): equal points in the round go to the
          closest answer.
        </p>
        <Field label="Question">
          {(control) => (
            <Input
              {...control}
              maxLength={TIEBREAKER_QUESTION_MAX_LENGTH}
              placeholder="Total points in the Monday night game?"
              value={question}
              onChange={(event) => {
                setQuestion(event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Answers lock at">
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              min={toDateTimeLocalValue(new Date().toISOString())}
              value={locksAt}
              onChange={(event) => {
                setLocksAt(event.target.value);
              }}
            />
          )}
        </Field>
        <div className="grid gap-2">
          <Label htmlFor={gameFieldId}>Answer from a game</Label>
          <NativeSelect
            id={gameFieldId}
            value={gameId}
            onChange={(event) => {
              setGameId(event.target.value);
            }}
          >
            <option value="">None: I will set the figure</option>
            {games.map(([id, name]) => (
              <option key={id} value={id}>
                {name} (total points)
              </option>
            ))}
          </NativeSelect>
        </div>
        {error ? (
          <p role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending} className="justify-self-start">
          Ask tiebreaker
        </Button>
      </form>
    </SectionCard>
  );
}
