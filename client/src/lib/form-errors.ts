import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';

/**
 * Product rules §5: a form that fails its rules says so in a 'Validation Error' toast (the first
 * problem, in field order) as well as under each field.
 */
export function toastFirstValidationError<T extends FieldValues>(
  errors: FieldErrors<T>,
  fieldOrder: readonly Path<T>[],
) {
  const message = fieldOrder
    .map((field) => errors[field]?.message)
    .find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  if (message) toast({ title: 'Validation Error', description: message, variant: 'destructive' });
}

/** Puts the server's per-field refusals under the matching fields. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!isApiError(error)) return;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) setError(field, { type: 'server', message });
  }
}

/**
 * A form's request was refused (product rules §8): the server's per-field words go under the
 * fields, and a destructive toast with the spec's title carries its message.
 */
export function reportRefusal<T extends FieldValues>(
  error: unknown,
  title: string,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  showServerFieldErrors(error, fields, setError);
  toast({ title, description: errorMessage(error), variant: 'destructive' });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
