import { Plus, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  CUSTOM_PROP_SPORTS,
  CUSTOM_SPORT_MAX_LENGTH,
  PROP_DESCRIPTION_MAX_LENGTH,
  PROP_TITLE_MAX_LENGTH,
} from '@shared/domain/custom-prop';
import {
  PROP_OPTION_MAX_LENGTH,
  PROP_OPTIONS_MAX,
  PROP_OPTIONS_MIN,
} from '@shared/domain/prop-options';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { showServerFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import type { CustomPropPayload } from '../api/prop-mutations';
import {
  checkCustomProp,
  newOptionRow,
  type CustomPropField,
  type CustomPropFormValues,
} from '../custom-prop-form-values';

interface CustomPropFormProps {
  initialValues: CustomPropFormValues;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  /** Rejects with the server's refusal (the caller shows the toast). */
  onSave: (payload: CustomPropPayload) => Promise<unknown>;
}

/** Judged at the moment of submitting: the lock time must still be ahead. */
const customPropResolver: Resolver<CustomPropFormValues, unknown, CustomPropPayload> = (values) => {
  const check = checkCustomProp(values, new Date());
  if (check.ok) return { values: check.payload, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(check.fieldErrors).map(([field, message]) => [
        field,
        { type: 'validate', message },
      ]),
    ),
  };
};

/**
 * Product rules §2 and §5 'Custom prop', for create and edit alike: the first problem shows
 * as the spec's toast and every problem under its field.
 */
export function CustomPropForm({
  initialValues,
  submitLabel,
  submitIcon,
  pending,
  onSave,
}: CustomPropFormProps) {
  const form = useForm<CustomPropFormValues, unknown, CustomPropPayload>({
    resolver: customPropResolver,
    defaultValues: initialValues,
    // A field's message goes as soon as that field is touched again.
    reValidateMode: 'onSubmit',
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const [sport, description] = useWatch({ control: form.control, name: ['sport', 'description'] });
  const { errors } = form.formState;
  const optionsLegendId = useId();
  const optionsErrorId = useId();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const field = <Key extends Exclude<CustomPropField, 'options'>>(name: Key) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
      },
    });

  const submit = form.handleSubmit(
    async (payload) => {
      try {
        await onSave(payload);
      } catch (error) {
        // The server judges with its own clock and may refuse what passed here.
        showServerFieldErrors(error, FORM_FIELDS, form.setError);
      }
    },
    () => {
      const check = checkCustomProp(form.getValues(), new Date());
      if (!check.ok) toast({ ...check.toast, variant: 'destructive' });
    },
  );

  const descriptionLeft = PROP_DESCRIPTION_MAX_LENGTH - description.length;
  const canRemoveOption = options.fields.length > PROP_OPTIONS_MIN;
  const optionsError = errors.options?.message;

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Sport" error={errors.sport?.message}>
          {(control) => (
            <NativeSelect
              {...control}
              {...form.register('sport', {
                onChange: () => {
                  form.clearErrors(['sport', 'customSport']);
                },
              })}
            >
              {CUSTOM_PROP_SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {sport}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {sport === 'Custom' ? (
          <Field label="Custom sport name" error={errors.customSport?.message}>
            {(control) => (
              <Input
                {...control}
                {...field('customSport')}
                maxLength={CUSTOM_SPORT_MAX_LENGTH}
                placeholder="e.g. Golf"
              />
            )}
          </Field>
        ) : null}
      </div>

      <Field label="Title" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...field('title')}
            maxLength={PROP_TITLE_MAX_LENGTH}
            placeholder="e.g. Who wins the game?"
          />
        )}
      </Field>

      <Field
        label="Description"
        hint={`${descriptionLeft} ${descriptionLeft === 1 ? 'character' : 'characters'} left`}
        error={errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...field('description')}
            rows={3}
            maxLength={PROP_DESCRIPTION_MAX_LENGTH}
            placeholder="What exactly are members picking?"
          />
        )}
      </Field>

      <fieldset
        className="grid gap-2"
        aria-labelledby={optionsLegendId}
        aria-describedby={optionsError ? optionsErrorId : undefined}
      >
        <legend id={optionsLegendId} className="mb-2 text-sm font-semibold">
          Options{' '}
          <span className="font-normal text-muted-foreground">
            ({PROP_OPTIONS_MIN} to {PROP_OPTIONS_MAX})
          </span>
        </legend>
        {options.fields.map((row, index) => (
          <div key={row.id} className="flex gap-2">
            <Input
              aria-label={`Option ${index + 1}`}
              aria-invalid={Boolean(optionsError)}
              maxLength={PROP_OPTION_MAX_LENGTH}
              {...form.register(`options.${index}.text`, {
                onChange: () => {
                  form.clearErrors('options');
                },
              })}
            />
            {canRemoveOption ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => {
                  form.clearErrors('options');
                  options.remove(index);
                }}
              >
                <X aria-hidden />
              </Button>
            ) : null}
          </div>
        ))}
        {optionsError ? (
          <p id={optionsErrorId} className="text-sm font-medium text-destructive">
            {optionsError}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={options.fields.length >= PROP_OPTIONS_MAX}
          onClick={() => {
            form.clearErrors('options');
            options.append(newOptionRow());
          }}
        >
          <Plus aria-hidden />
          Add Option
        </Button>
      </fieldset>

      <Field
        label="Game Lock Time"
        hint={`Picks close at this time (${timeZone}).`}
        error={errors.gameDate?.message}
        className="sm:max-w-xs"
      >
        {(control) => <Input {...control} {...field('gameDate')} type="datetime-local" />}
      </Field>

      <Button type="submit" pending={pending} className="w-full sm:w-auto sm:justify-self-end">
        {submitIcon}
        {submitLabel}
      </Button>
    </form>
  );
}

const FORM_FIELDS: readonly CustomPropField[] = [
  'sport',
  'customSport',
  'title',
  'description',
  'options',
  'gameDate',
];
