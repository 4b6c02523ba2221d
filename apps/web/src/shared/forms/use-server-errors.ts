/**
 * Showing a rejected form call in the form (spec §8 Shape: per field when `Property` names one, else in
 * the general list); unexpected failures go to the generic handler (spec §8).
 */
import { useCallback, useState } from 'react';
import { collectFormErrors, type FormErrors } from '../api/form-errors.ts';
import { useErrorHandler } from '../api/api-context.tsx';

/** The general list and the function that applies a rejection to the form. */
export interface ServerErrors<F extends string> {
  general: string[];
  clear: () => void;
  /** Shows codes in the general list (client-side rules such as ERROR_TOO_FAST). */
  show: (codes: string[]) => void;
  /** Shows `error` in the form; `transform` may rewrite codes first (e.g. login's IP-ban variant). */
  apply: (error: unknown, transform?: (errors: FormErrors<F>) => FormErrors<F>) => void;
}

/**
 * @param fields the form's field names as the API names them
 * @param setFieldError sets one field's error (react-hook-form's setError)
 */
export function useServerErrors<F extends string>(
  fields: readonly F[],
  setFieldError: (field: F, code: string) => void,
): ServerErrors<F> {
  const [general, setGeneral] = useState<string[]>([]);
  const onUnexpected = useErrorHandler();
  const clear = useCallback(() => setGeneral([]), []);
  const apply = useCallback(
    (error: unknown, transform?: (errors: FormErrors<F>) => FormErrors<F>) => {
      const collected = collectFormErrors(error, fields);
      if (!collected) {
        onUnexpected(error);
        return;
      }
      const errors = transform ? transform(collected) : collected;
      for (const [field, code] of Object.entries(errors.fields) as [F, string | undefined][]) {
        if (code) setFieldError(field, code);
      }
      setGeneral(errors.general);
    },
    [fields, setFieldError, onUnexpected],
  );
  return { general, clear, show: setGeneral, apply };
}
