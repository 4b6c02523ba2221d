/**
 * Every language's texts at once (DESIGN.md §6), for tests and tools that compare catalogues. The app
 * itself never imports this module: i18n.ts loads only the language a page shows (docs/performance.md).
 */
import { EN_BUNDLE } from './locales/en-bundle.ts';
import { FR_BUNDLE } from './locales/fr-bundle.ts';

/** Resources per language and namespace. */
export const RESOURCES = { en: EN_BUNDLE, fr: FR_BUNDLE } as const;
