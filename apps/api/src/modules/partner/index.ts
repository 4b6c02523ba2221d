/**
 * Public surface of the partner module (spec §1 single sign-on with the partner studios; §7 partner
 * calls): its routes. It has no eraser: `partner_sign_ons` names no player by id (a row is short-lived,
 * at most 30 minutes, and expired rows are deleted when the next sign-on starts; see store.ts).
 */
export { partnerRoutes } from './routes.ts';
