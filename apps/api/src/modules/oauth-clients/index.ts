/**
 * Public surface of the oauth-clients module (spec §1 Single sign-on; RFC 6749 §2): the partner sites
 * registered with the hub in `oauth_clients` — reading a client for the OpenID Provider (modules/oidc)
 * and the spec's calls (modules/sso), checking a client's credentials, issuing a client secret, and the
 * operator's registry of `npm run clients` (client-registry.ts).
 */
export {
  clientCredentialsOf,
  clientIdWithSecret,
  isFirstPartyClient,
  issueClientSecret,
  registeredClient,
  resolveClientId,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type RegisteredClient,
  type TokenEndpointAuthMethod,
} from './clients.ts';
export {
  ClientRegistrationError,
  listClients,
  registerClient,
  removeClient,
  rotateClientSecret,
  updateClient,
  type ClientChanges,
  type ClientField,
  type ClientRegistration,
  type RegistryHook,
} from './client-registry.ts';
