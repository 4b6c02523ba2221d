/**
 * Showing a rejected form call in the form (spec §8 Shape: per field when `Property` names one, else in
 * the general list); unexpected failures go to the generic handler (spec §8). A call that could not
 * reach the API (network down, API down behind its proxy) leaves the page and what the player typed as
 * they are and says so, with Retry (issue 19 §5). Focus moves to the first field in error, else to the
 * general list, so that the error is read out where the player now is (WCAG 2.2 3.3.1, 2.4.3).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { isUnreachable } from '../api/api-error.ts';
import { collectFormErrors, type FormErrors } from '../api/form-errors.ts';
import { useErrorHandler } from '../api/api-context.tsx';

/** The general list and the function that applies a rejection to the form. */
export interface ServerErrors<F extends string> {
  general: string[];
  /** The last call did not reach the API: the general list says so and offers Retry. */
  unreachable: boolean;
  /** The id to give the form's ErrorSummary: focused when the errors have no field to go to. */
  summaryId: string;
  /** Forgets the general errors and the unreachable state (as a new submit starts). */
  clear: () => void;
  /** Shows codes in the general list (client-side rules such as ERROR_TOO_FAST) and focuses it. */
  show: (codes: string[]) => void;
  /**
   * Shows `error` in the form and moves focus to it; `transform` may rewrite codes first (e.g. login's
   * IP-ban variant).
   */
  apply: (error: unknown, transform?: (errors: FormErrors<F>) => FormErrors<F>) => void;
}

/**
 * @param fields the form's field names as the API names them, in the order of the form (the first one
 *   in error receives focus)
 * @param setFieldError sets one field's error (react-hook-form's setError), moving focus to it when
 *   `focus` is true (its `shouldFocus` option)
 */
export function useServerErrors<F extends string>(
  fields: readonly F[],
  setFieldError: (field: F, code: string, focus: boolean) => void,
): ServerErrors<F> {
  const [general, setGeneral] = useState<string[]>([]);
  const [unreachable, setUnreachable] = useState(false);
  // Bumped to ask for the summary's focus once it has rendered.
  const [focusRequest, setFocusRequest] = useState(0);
  const summaryId = useId();
  const onUnexpected = useErrorHandler();

  useEffect(() => {
    if (focusRequest > 0) document.getElementById(summaryId)?.focus();
  }, [focusRequest, summaryId]);

  const clear = useCallback(() => {
    setGeneral([]);
    setUnreachable(false);
  }, []);
  const show = useCallback((codes: string[]) => {
    setGeneral(codes);
    setUnreachable(false);
    if (codes.length) setFocusRequest((n) => n + 1);
  }, []);
  const apply = useCallback(
    (error: unknown, transform?: (errors: FormErrors<F>) => FormErrors<F>) => {
      if (isUnreachable(error)) {
        console.warn('Account API unreachable; the form keeps its values', error);
        setGeneral([]);
        setUnreachable(true);
        setFocusRequest((n) => n + 1);
        return;
      }
      const collected = collectFormErrors(error, fields);
      if (!collected) {
        onUnexpected(error);
        return;
      }
      const errors = transform ? transform(collected) : collected;
      const first = fields.find((field) => errors.fields[field]);
      for (const field of fields) {
        const code = errors.fields[field];
        if (code) setFieldError(field, code, field === first);
      }
      setGeneral(errors.general);
      setUnreachable(false);
      if (!first && errors.general.length) setFocusRequest((n) => n + 1);
    },
    [fields, setFieldError, onUnexpected],
  );
  return { general, unreachable, summaryId, clear, show, apply };
}
