/**
 * The French texts as i18next namespaces (`translation`, `errors`), the counterpart of en-bundle.ts.
 */
import { FR } from './fr.ts';
import { FR_ERRORS } from './fr-errors.ts';

/** French, per namespace. */
export const FR_BUNDLE = { translation: FR, errors: FR_ERRORS } as const;
