import { zodResolver } from '@hookform/resolvers/zod';
import { Flag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { OVERRIDE_REASON_MAX, REASON_REQUIRED } from '@shared/contract/result-override';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { reportRefusal } from '@client/lib/form-errors';
import { ChangeResultConfirm } from './change-result-confirm';
import { ResultSelect, type ResultChoice } from './result-select';

/** '' is no result. */
type ResultBodySchema = z.ZodType<
  { result: string | null; reason: string | null },
  { result: string | null; reason?: string | null }
>;

interface ClearAction {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** Why clearing is not offered now (the button is disabled and says so). */
  refused?: string | null;
}

interface ResultFormProps {
  title: string;
  choices: readonly ResultChoice[];
  current: string | null;
  initial: string;
  labelOf: (value: string) => string;
  schema: ResultBodySchema;
  /** null clears the result; throws the server's refusal. */
  save: (result: string | null, reason: string | null) => Promise<unknown>;
  /** Product rules §4 'Game-linked props': overriding the feed's result needs a reason. */
  overridesFeed?: boolean;
  pending: boolean;
  onSaved: (result: string | null) => void;
  refusalTitle: (result: string | null) => string;
  setLabel: string;
  clear: ClearAction;
  /** One row (the operator's card) or the picker above its buttons (a group's prop card). */
  inline?: boolean;
  size?: 'sm';
  children?: ReactNode;
}

type Confirming = { kind: 'change'; value: string } | { kind: 'clear' } | null;

const FIELDS = ['result', 'reason'] as const;

/**
 * Product rules §5 'Set result', for a group's leader and for the operator. Render it keyed
 * by the result, so the choice starts again from `initial` whenever the result changes.
 */
export function ResultForm({
  title,
  choices,
  current,
  initial,
  labelOf,
  schema,
  save,
  overridesFeed = false,
  pending,
  onSaved,
  refusalTitle,
  setLabel,
  clear,
  inline = false,
  size,
  children,
}: ResultFormProps) {
  const form = useForm<z.input<ResultBodySchema>, unknown, z.output<ResultBodySchema>>({
    resolver: zodResolver(schema),
    defaultValues: { result: initial, reason: '' },
  });
  const choice = useWatch({ control: form.control, name: 'result' }) ?? '';
  const [confirming, setConfirming] = useState<Confirming>(null);
  const formId = useId();
  const refusedId = useId();

  const send = async (result: string | null) => {
    const reason = form.getValues('reason')?.trim() || null;
    if (overridesFeed && reason === null) {
      form.setError('reason', { message: REASON_REQUIRED }, { shouldFocus: true });
      setConfirming(null);
      return;
    }
    try {
      await save(result, reason);
      onSaved(result);
    } catch (error) {
      reportRefusal(error, refusalTitle(result), FIELDS, form.setError);
    } finally {
      setConfirming(null);
    }
  };

  const submit = form.handleSubmit(({ result, reason }) => {
    if (result === null || result === current) return;
    if (overridesFeed && reason === null) {
      form.setError('reason', { message: REASON_REQUIRED }, { shouldFocus: true });
      return;
    }
    if (current !== null) setConfirming({ kind: 'change', value: result });
    else void send(result);
  });

  return (
    <div className={inline ? 'flex flex-wrap items-center gap-2' : 'grid gap-2'}>
      <form
        id={formId}
        className={inline ? 'min-w-40 flex-1' : undefined}
        onSubmit={(event) => void submit(event)}
      >
        <Controller
          control={form.control}
          name="result"
          render={({ field }) => (
            <ResultSelect
              title={title}
              choices={choices}
              disabled={pending}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        {overridesFeed ? (
          <Field
            label="Reason for overriding the feed"
            error={form.formState.errors.reason?.message}
            className="mt-2"
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('reason')}
                maxLength={OVERRIDE_REASON_MAX}
                placeholder="e.g. Stat correction after review"
              />
            )}
          </Field>
        ) : null}
      </form>
      {/* Outside the form: a dialog's form among the children would bubble its submit
                into this one through the React tree. The submit button reaches its form by id. */}
      <div className={inline ? 'contents' : 'flex flex-wrap gap-2'}>
        <Button
          type="submit"
          form={formId}
          variant="secondary"
          size={size}
          disabled={!choice || choice === current}
          pending={pending && confirming?.kind !== 'clear'}
        >
          <Flag aria-hidden />
          {setLabel}
        </Button>
        {current !== null ? (
          <Button
            type="button"
            variant="outline"
            size={size}
            disabled={pending || Boolean(clear.refused)}
            aria-describedby={clear.refused ? refusedId : undefined}
            onClick={() => {
              setConfirming({ kind: 'clear' });
            }}
          >
            {clear.icon}
            {clear.label}
          </Button>
        ) : null}
        {children}
      </div>
      {current !== null && clear.refused ? (
        <p id={refusedId} className="text-xs text-muted-foreground">
          {clear.refused}
        </p>
      ) : null}

      <ChangeResultConfirm
        change={
          confirming?.kind === 'change' && current !== null
            ? { from: labelOf(current), to: labelOf(confirming.value) }
            : null
        }
        pending={pending}
        onCancel={() => {
          setConfirming(null);
        }}
        onConfirm={() => {
          if (confirming?.kind === 'change') void send(confirming.value);
        }}
      />
      <ConfirmDialog
        open={confirming?.kind === 'clear'}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={clear.title}
        description={clear.description}
        confirmLabel={clear.confirmLabel}
        variant="destructive"
        pending={pending}
        onConfirm={() => {
          void send(null);
        }}
      />
    </div>
  );
}
