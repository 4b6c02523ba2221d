/**
 * The admin-players module's public surface (issue 24 §2, the operator console's players): its routes
 * (routes.ts: GET admin/players, GET admin/players/{idUser}, POST admin/players/{idUser}/lift-lock),
 * registered by app.ts after the staff module's. It sits above the modules it reads from (accounts,
 * linking, session, audit, data-export, staff): "Download my data" (data-export) already depends on
 * the staff module for the player's role, so the page that shows that document cannot live in staff.
 */
export { adminPlayerRoutes } from './routes.ts';
