/**
 * The redirect module's public surface (spec §1 Single sign-on; DESIGN.md §5 redirect allow-list): its
 * route and the server-side check of a redirect target.
 */
export { redirectRoutes } from './routes.ts';
export { allowedRedirectOrNull, redirectPatterns } from './allow-list.ts';
