/**
 * The profile module's public surface (issue 20 §2; DESIGN.md §2): the player as the spec's User
 * (spec §3 User; sso's userinfo uses it), their connections, and the username and language updates.
 * Other modules import only this file.
 */
export { loadConnections, loadUser } from './service.ts';
export { updateUsername } from './username.ts';
export { saveLocale } from './locale.ts';
export { profileRoutes } from './routes.ts';
