import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { isApiError } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';

/** Product rules §5: the first problem, in field order, in a 'Validation Error' toast. */
export function toastFirstValidationError<T extends FieldValues>(
  errors: FieldErrors<T>,
  fieldOrder: readonly Path<T>[],
) {
  const message = fieldOrder
    .map((field) => get<FieldErrors<T>, { message?: unknown } | undefined>(errors, field)?.message)
    .find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  if (message) toast({ title: 'Validation Error', description: message, variant: 'destructive' });
}

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

/** Product rules §8: the server's per-field words under the fields, its message in a toast. */
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
