/**
 * The operator console's page paths below /admin (issue 24), the one part of the console the app's
 * router holds (it is in the player pages' bundle: keep it to this list). admin-area.tsx maps each to
 * its page.
 */
export const ADMIN_PAGE_PATHS = [
  'dashboard',
  'players',
  'players/:idUser',
  'audit',
  'clients',
  'redirects',
  'access-keys',
  'ip-bans',
  'lists',
  'reports',
  'staff',
] as const;
/** A path of {@link ADMIN_PAGE_PATHS}. */
export type AdminPagePath = (typeof ADMIN_PAGE_PATHS)[number];
