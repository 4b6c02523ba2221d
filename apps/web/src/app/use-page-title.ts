/**
 * Page titles (spec §2: "'Account - ' plus the route title, with the product's default title when a
 * route has none"). Routes declare `handle: { title: 'titles.login' }` (an i18n key). The prefix and the
 * default title are texts of the catalogues too (`app.titlePrefix`, `app.defaultTitle`): 'Account - …'
 * in English, 'Compte - …' in French (issue 19 §7); the title follows a change of language.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Route handle shape used by the router. */
export interface RouteHandle {
  /** i18n key of the route title. */
  title?: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** Keeps `document.title` in line with the deepest route that has a title. */
export function usePageTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const key = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as
    RouteHandle | undefined;
  const title = key?.title ? t('app.titlePrefix', { title: t(key.title) }) : t('app.defaultTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
