/**
 * The request to open the cookie settings (spec §2 "A cookie control sits on every page"; §4 Cookie
 * consent). The footer's cookie control and the account side list's custom-cookie-management entry
 * dispatch it on `window`; the cookie manager (the settings modal, or a custom one when the
 * custom-cookie-management flag is on) listens to it.
 */

/** Name of the window event. */
export const OPEN_COOKIE_SETTINGS_EVENT = 'guildgate:open-cookie-settings';

/** Asks the cookie manager to open its settings. */
export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT));
}
