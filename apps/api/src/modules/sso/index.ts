/**
 * Public surface of the sso module (spec §1 Single sign-on, §7 GET oauth, token/refresh, token/verify;
 * issue 21 §2): the spec's single-sign-on calls as thin adapters over the hub's OpenID Provider
 * (modules/oidc) — GET oauth, POST oauth/token, GET oauth/profile, and GET token/refresh and GET
 * token/verify for the portal's client (session module) and partner clients (the provider).
 */
export { ssoRoutes } from './routes.ts';
