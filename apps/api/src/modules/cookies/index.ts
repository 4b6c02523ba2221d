/**
 * The cookies module's public surface (spec §4 Cookie consent, §7 cookie calls): its routes, the
 * category list, and {@link playerDataEraser}, its part of account deletion (issue 20 §4).
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
