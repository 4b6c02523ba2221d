/**
 * The redirect module's public surface (spec §1 Single sign-on; DESIGN.md §5 redirect allow-list): its
 * route, the server-side check of a redirect target (with its reason, for the console's tester), and
 * the allow-list's changes and pages the operator console makes and reads (issue 24 §3).
 */
export { redirectRoutes } from './routes.ts';
export {
  addRedirectPattern,
  allowedRedirectOrNull,
  checkRedirectTarget,
  isConfiguredPattern,
  redirectPatterns,
  removeRedirectPattern,
} from './allow-list.ts';
export { redirectPatternPage, type RedirectPatternRow } from './store.ts';
