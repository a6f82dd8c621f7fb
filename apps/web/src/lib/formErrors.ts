import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './apiError';

function matchingField<T extends string>(fields: readonly T[], serverField: string): T | undefined {
  return fields.find((field) => field.toLowerCase() === serverField.toLowerCase());
}

/** True when the failure names at least one of the form's fields (the fields then show it). */
export function hasFieldErrors(error: unknown, fields: readonly string[]): boolean {
  return (
    error instanceof ApiError &&
    error.fields.some((fieldError) => matchingField(fields, fieldError.field) !== undefined)
  );
}

/** Puts the server's field errors (message codes) on the form's fields. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  let first = true;
  for (const fieldError of error.fields) {
    const name = matchingField(fields, fieldError.field);
    if (name) {
      setError(name, { type: 'server', message: fieldError.code }, { shouldFocus: first });
      first = false;
    }
  }
}
