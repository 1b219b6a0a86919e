import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors (400's `errors`) on the form's fields it knows; answers whether
 * any landed, so the caller shows the message elsewhere only when none did.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>): boolean {
  if (!isApiError(error)) return false;
  let isShown = false;
  for (const item of error.errors) {
    const field = fields.find((name) => name === item.field);
    if (!field) continue;
    setError(field, { type: 'server', message: item.message }, { shouldFocus: !isShown });
    isShown = true;
  }
  return isShown;
}
