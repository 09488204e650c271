import { zodResolver } from '@hookform/resolvers/zod';
import { Flag } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { reportRefusal } from '@client/lib/form-errors';
import { ChangeResultConfirm } from './change-result-confirm';
import { ResultSelect, type ResultChoice } from './result-select';

/** A result body's schema (`setResultBodySchema`, `setMasterResultBodySchema`): '' is none. */
type ResultBodySchema = z.ZodType<{ result: string | null }, { result: string | null }>;

/** How clearing a result is offered and confirmed (Remove Result, Reset). */
interface ClearAction {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
}

interface ResultFormProps {
  /** The prop's title: names the picker. */
  title: string;
  choices: readonly ResultChoice[];
  /** The result as set now; null while there is none. */
  current: string | null;
  /** Where the picker starts. */
  initial: string;
  /** How a result value reads in the confirm (an option's label, 'N/A (void)'). */
  labelOf: (value: string) => string;
  schema: ResultBodySchema;
  /** Sends the result (null clears it); throws the server's refusal. */
  save: (result: string | null) => Promise<unknown>;
  pending: boolean;
  /** Said once the server took it (a toast). */
  onSaved: (result: string | null) => void;
  /** The refusal toast's title. */
  refusalTitle: (result: string | null) => string;
  setLabel: string;
  clear: ClearAction;
  /** One row (the operator's card) or the picker above its buttons (a group's prop card). */
  inline?: boolean;
  size?: 'sm';
  /** More actions for the button row (Edit, Delete). */
  children?: ReactNode;
}

type Confirming = { kind: 'change'; value: string } | { kind: 'clear' } | null;

const FIELDS = ['result'] as const;

/**
 * Setting, changing and clearing a prop's result (product rules §5 'Set result'), one form
 * for a group's leader and for the operator: changing a result that is set, and clearing
 * one, each ask first. Render it keyed by the result, so the choice starts again from
 * `initial` whenever the result changes.
 */
export function ResultForm({
  title,
  choices,
  current,
  initial,
  labelOf,
  schema,
  save,
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
    defaultValues: { result: initial },
  });
  const choice = useWatch({ control: form.control, name: 'result' }) ?? '';
  const [confirming, setConfirming] = useState<Confirming>(null);
  const formId = useId();

  const send = async (result: string | null) => {
    try {
      await save(result);
      onSaved(result);
    } catch (error) {
      reportRefusal(error, refusalTitle(result), FIELDS, form.setError);
    } finally {
      setConfirming(null);
    }
  };

  const submit = form.handleSubmit(({ result }) => {
    if (result === null || result === current) return;
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
      </form>
      {/* Outside the form: a dialog's own form among the children would bubble its submit
          (through the React tree) into this one. The submit button reaches its form by id. */}
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
            disabled={pending}
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
