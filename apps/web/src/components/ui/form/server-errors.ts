import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorFields } from '../../../lib/api-error.ts';

/**
 * Puts the server's per-field messages (`errors.fields`) on the matching form fields. `fieldMap`
 * renames wire fields to form fields where they differ. Returns true when at least one landed,
 * so the caller can skip the general error toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: ReadonlyArray<Path<T>>,
  fieldMap: Record<string, Path<T>> = {},
): boolean {
  let applied = false;
  let first = true;
  for (const [wireName, message] of Object.entries(errorFields(error))) {
    const field = fieldMap[wireName] ?? (wireName as Path<T>);
    if (!knownFields.includes(field)) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
    applied = true;
  }
  return applied;
}
