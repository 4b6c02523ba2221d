/**
 * The cookies module's public surface (spec §4 Cookie consent, §7 cookie calls): its routes, the
 * category list, {@link playerDataEraser}, its part of account deletion (issue 20 §4), and the
 * categories as the operator console edits them (categories.ts, issue 24 §3).
 */
export { cookieRoutes } from './routes.ts';
export {
  acceptAllCookies,
  deleteCookieConsents,
  listCookieCategories,
  markCookiePopupSeen,
  playerDataEraser,
  setCookieConsent,
} from './service.ts';
export { playerDataExporter } from './exporter.ts';
export {
  cookieCategoryDetails,
  cookieCategoryNameTaken,
  removeCookieCategory,
  saveCookieCategory,
  type CategoryTranslation,
  type CookieCategoryDetail,
} from './categories.ts';
