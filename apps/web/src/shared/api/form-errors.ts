/**
 * Splitting a rejected form call into per-field and general errors (spec §8 Shape: "shown per field, or
 * in a general list when Property is empty"). A field error needs `Property` to name a field of the
 * form; anything else goes to the general list. Non-400 failures are not form errors (generic handler),
 * except 429, shown in the form as ERROR_RATE_LIMITED.
 */
import { isApiError } from './api-error.ts';

/** Error codes of a form: at most the first code per field, and the general list. */
export interface FormErrors<F extends string = string> {
  fields: Partial<Record<F, string>>;
  general: string[];
}

/**
 * @param error the rejection of the call
 * @param fieldNames the form's field names (as the API names them, e.g. "Email")
 * @returns the errors to show in the form, or null when the generic handler should take over
 */
export function collectFormErrors<F extends string>(
  error: unknown,
  fieldNames: readonly F[],
): FormErrors<F> | null {
  if (!isApiError(error)) return null;
  if (error.status === 429) return { fields: {}, general: ['ERROR_RATE_LIMITED'] };
  if (error.status !== 400) return null;
  const result: FormErrors<F> = { fields: {}, general: [] };
  const items = error.body?.ErrorMessages ?? [];
  for (const item of items) {
    const field = fieldNames.find((name) => name.toLowerCase() === item.Property.toLowerCase());
    if (field && result.fields[field] === undefined) result.fields[field] = item.ErrorMessage;
    else if (!field && !result.general.includes(item.ErrorMessage)) result.general.push(item.ErrorMessage);
  }
  if (items.length === 0) result.general.push('ERROR_REQUEST_INVALID');
  return result;
}
