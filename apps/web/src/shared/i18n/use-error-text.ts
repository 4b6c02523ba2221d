/** Hook form of the error-code text filter (spec §8: unknown codes are displayed as is). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './i18n.ts';

/** Returns `(code) => text`, re-rendering on language change. */
export function useErrorText(): (code: string) => string {
  const { i18n } = useTranslation();
  return useCallback((code: string) => errorText(i18n, code), [i18n]);
}
