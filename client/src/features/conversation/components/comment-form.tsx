import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { commentBodySchema, type CommentBody } from '@shared/contract/conversation';
import { COMMENT_MAX_LENGTH } from '@shared/domain/conversation';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Textarea } from '@client/components/ui/textarea';
import { reportRefusal, toastFirstValidationError } from '@client/lib/form-errors';

const FIELDS = ['body'] as const;

interface CommentFormProps {
  label: string;
  hint?: string;
  submitLabel: string;
  failureTitle: string;
  defaultBody?: string;
  onSubmit: (body: CommentBody) => Promise<unknown>;
  onCancel?: () => void;
}

export function CommentForm({
  label,
  hint,
  submitLabel,
  failureTitle,
  defaultBody = '',
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const form = useForm<z.input<typeof commentBodySchema>, unknown, CommentBody>({
    resolver: zodResolver(commentBodySchema),
    defaultValues: { body: defaultBody },
  });
  const body = useWatch({ control: form.control, name: 'body' });
  const left = COMMENT_MAX_LENGTH - [...body].length;
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
        // Emptied only if it still holds what was sent: what was typed meanwhile stays.
        if (form.getValues('body').trim() === values.body) form.reset({ body: '' });
      } catch (error) {
        reportRefusal(error, failureTitle, FIELDS, form.setError);
      }
    },
    (errors) => toastFirstValidationError(errors, FIELDS),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2">
      <Field
        label={label}
        error={form.formState.errors.body?.message}
        hint={
          <>
            {hint ? <span className="block">{hint}</span> : null}
            <span className={left < 0 ? 'font-semibold text-destructive' : undefined}>
              {left} characters left
            </span>
          </>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('body')}
            rows={2}
            className="min-h-16"
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
            }}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" pending={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
