/**
 * The English texts as i18next namespaces (`translation`: pages + shell and studio copy; `errors`: spec
 * §8 codes). Its own module so that i18n.ts can load one language per page (a dynamic import) and the
 * tests can read every language at once (resources.ts).
 */
import { EN, EN_ERRORS, EN_SHELL } from './en.ts';

/** English, per namespace. */
export const EN_BUNDLE = { translation: { ...EN, ...EN_SHELL }, errors: EN_ERRORS } as const;
