import { Plus, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  CUSTOM_PROP_SPORTS,
  CUSTOM_SPORT_MAX_LENGTH,
  PROP_DESCRIPTION_MAX_LENGTH,
  PROP_TITLE_MAX_LENGTH,
  type CustomPropSport,
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
import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import type { CustomPropPayload } from '../api/prop-mutations';
import {
  checkCustomProp,
  withOptionAdded,
  type CustomPropField,
  type CustomPropFormValues,
} from '../custom-prop-form-values';

interface CustomPropFormProps {
  initialValues: CustomPropFormValues;
  submitLabel: string;
  submitIcon: ReactNode;
  pending: boolean;
  /** Sends the prop; rejects with the server's refusal (the caller shows the toast). */
  onSave: (payload: CustomPropPayload) => Promise<unknown>;
}

type FieldErrors = Partial<Record<CustomPropField, string>>;

/**
 * Product rules §2 and §5 'Custom prop', for create and edit alike. The rules are the shared
 * schema's, checked at the moment of submitting (the lock time must still be ahead); the
 * first problem shows as the spec's toast and every problem under its field.
 */
export function CustomPropForm({
  initialValues,
  submitLabel,
  submitIcon,
  pending,
  onSave,
}: CustomPropFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const optionsLegendId = useId();
  const optionsErrorId = useId();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const change = <Key extends CustomPropField>(field: Key, value: CustomPropFormValues[Key]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const check = checkCustomProp(values, new Date());
    if (!check.ok) {
      setErrors(check.fieldErrors);
      toast({ ...check.toast, variant: 'destructive' });
      return;
    }
    try {
      await onSave(check.payload);
    } catch (error) {
      // The server judged with its own clock and may refuse what passed here.
      if (isApiError(error)) setErrors(serverFieldErrorsOf(error.fieldErrors));
    }
  };

  const descriptionLeft = PROP_DESCRIPTION_MAX_LENGTH - values.description.length;
  const canRemoveOption = values.options.length > PROP_OPTIONS_MIN;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Sport" error={errors.sport}>
          {(control) => (
            <NativeSelect
              {...control}
              value={values.sport}
              onChange={(event) => {
                change('sport', event.target.value as CustomPropSport);
                setErrors((current) => ({ ...current, customSport: undefined }));
              }}
            >
              {CUSTOM_PROP_SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {sport}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {values.sport === 'Custom' ? (
          <Field label="Custom sport name" error={errors.customSport}>
            {(control) => (
              <Input
                {...control}
                value={values.customSport}
                maxLength={CUSTOM_SPORT_MAX_LENGTH}
                placeholder="e.g. Golf"
                onChange={(event) => {
                  change('customSport', event.target.value);
                }}
              />
            )}
          </Field>
        ) : null}
      </div>

      <Field label="Title" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            maxLength={PROP_TITLE_MAX_LENGTH}
            placeholder="e.g. Who wins the game?"
            onChange={(event) => {
              change('title', event.target.value);
            }}
          />
        )}
      </Field>

      <Field
        label="Description"
        hint={`${descriptionLeft} ${descriptionLeft === 1 ? 'character' : 'characters'} left`}
        error={errors.description}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.description}
            maxLength={PROP_DESCRIPTION_MAX_LENGTH}
            placeholder="What exactly are members picking?"
            onChange={(event) => {
              change('description', event.target.value);
            }}
          />
        )}
      </Field>

      <fieldset
        className="grid gap-2"
        aria-labelledby={optionsLegendId}
        aria-describedby={errors.options ? optionsErrorId : undefined}
      >
        <legend id={optionsLegendId} className="mb-2 text-sm font-semibold">
          Options{' '}
          <span className="font-normal text-muted-foreground">
            ({PROP_OPTIONS_MIN} to {PROP_OPTIONS_MAX})
          </span>
        </legend>
        {values.options.map((row, index) => (
          // A row has no identity beyond its place in the list.
          <div key={index} className="flex gap-2">
            <Input
              aria-label={`Option ${index + 1}`}
              aria-invalid={Boolean(errors.options)}
              value={row.text}
              maxLength={PROP_OPTION_MAX_LENGTH}
              onChange={(event) => {
                const text = event.target.value;
                change(
                  'options',
                  values.options.map((other, at) => (at === index ? { ...other, text } : other)),
                );
              }}
            />
            {canRemoveOption ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${index + 1}`}
                onClick={() => {
                  change(
                    'options',
                    values.options.filter((_row, at) => at !== index),
                  );
                }}
              >
                <X aria-hidden />
              </Button>
            ) : null}
          </div>
        ))}
        {errors.options ? (
          <p id={optionsErrorId} className="text-sm font-medium text-destructive">
            {errors.options}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={values.options.length >= PROP_OPTIONS_MAX}
          onClick={() => {
            change('options', withOptionAdded(values.options));
          }}
        >
          <Plus aria-hidden />
          Add Option
        </Button>
      </fieldset>

      <Field
        label="Game Lock Time"
        hint={`Picks close at this time (${timeZone}).`}
        error={errors.gameDate}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={values.gameDate}
            onChange={(event) => {
              change('gameDate', event.target.value);
            }}
          />
        )}
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

function serverFieldErrorsOf(fieldErrors: Record<string, string[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FORM_FIELDS) {
    const message = fieldErrors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}
