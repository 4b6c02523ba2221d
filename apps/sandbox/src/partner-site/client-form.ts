/**
 * The "Use another client" form of the partner community site (`/partner/client`; issue 24 acceptance:
 * "an admin registers a partner client and the sandbox partner site signs in with it"): what a visitor
 * posts there is read and checked here, and so is where the post came from.
 * - {@link readClientForm}: `client_id` and `client_secret` of the form-encoded body → the client, or
 *   an error per field for the form to show again (never an exception: a bad form is a 400 page).
 *   The id follows the hub's rule for client ids (apps/api modules/oauth-clients/client-registry.ts:
 *   1 to 128 of `A-Z a-z 0-9 . _ ~ -`); the secret is required, since the hub's POST oauth/token and
 *   GET oauth/profile authenticate the client (a public client cannot use this site), and is at most
 *   512 characters of text without control characters.
 * - {@link fromSitePage}: the cross-site request forgery check of the site's POSTs that change its
 *   session (with the SameSite=Lax session cookie): a browser's `Sec-Fetch-Site` must say
 *   `same-origin`, or its `Origin` must be the site's. The site's pages are sent with
 *   `Referrer-Policy: no-referrer`, under which browsers post forms with `Origin: null`: Fetch Metadata
 *   is what they do send.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { HubClient } from './hub-client.ts';

/** Client ids the hub registers (RFC 3986 §2.3 unreserved characters; `checkClientId` of the API). */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;

/** Longest client secret the form takes, characters (the hub's are 43). */
export const MAX_CLIENT_SECRET_LENGTH = 512;

/** What is wrong with each field of the form, in words for the visitor. */
export interface ClientFormErrors {
  clientId?: string;
  clientSecret?: string;
}

/** The form read: the client, or the errors and the client id as typed (to fill the form again). */
export type ClientFormResult =
  | { readonly ok: true; readonly client: HubClient }
  | { readonly ok: false; readonly errors: ClientFormErrors; readonly clientId: string };

/** Control characters (C0, DEL, C1): never part of a secret a person pastes. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The text of field `name` of a parsed form body; '' when absent or not one text (e.g. repeated). */
function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Reads the posted form (`client_id`, `client_secret`; surrounding white space dropped, as a paste
 * brings it).
 * @param body the request body as @fastify/formbody parsed it (anything else counts as empty)
 * @returns `ok` with the client, or the errors: an empty, malformed or over-long id, an empty or
 *   over-long secret, or one with control characters or broken UTF-16
 */
export function readClientForm(body: unknown): ClientFormResult {
  const clientId = field(body, 'client_id').trim();
  const clientSecret = field(body, 'client_secret').trim();
  const errors: ClientFormErrors = {};
  if (clientId === '') errors.clientId = 'Enter the client id.';
  else if (!CLIENT_ID_PATTERN.test(clientId))
    errors.clientId =
      'A client id is 1 to 128 characters: letters A to Z and a to z, digits, and . _ ~ - only.';
  if (clientSecret === '')
    errors.clientSecret = 'Enter the client secret: the hub authenticates the client of this site.';
  else if (clientSecret.length > MAX_CLIENT_SECRET_LENGTH)
    errors.clientSecret = `A client secret is at most ${MAX_CLIENT_SECRET_LENGTH} characters.`;
  else if (CONTROL.test(clientSecret) || !clientSecret.isWellFormed())
    errors.clientSecret = 'A client secret cannot contain control characters.';
  if (errors.clientId !== undefined || errors.clientSecret !== undefined) {
    return { ok: false, errors, clientId: clientId.slice(0, 200) };
  }
  return { ok: true, client: { clientId, clientSecret } };
}

/**
 * Whether a POST with `headers` comes from one of the site's own pages.
 * @param siteOrigins the site's origins, e.g. ["http://localhost:8090"] (its public address, and the
 *   one the request was made to)
 * @returns true when `Sec-Fetch-Site` is `same-origin`, or (a browser without Fetch Metadata) `Origin`
 *   is one of `siteOrigins`; false for a cross-site or same-site request, a foreign `Origin`, and a
 *   request that says neither (`Origin: null` included)
 */
export function fromSitePage(headers: IncomingHttpHeaders, siteOrigins: readonly string[]): boolean {
  const fetchSite = headers['sec-fetch-site'];
  const origin = headers.origin;
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  if (origin !== undefined && origin !== 'null' && !siteOrigins.includes(origin)) return false;
  return fetchSite === 'same-origin' || (origin !== undefined && siteOrigins.includes(origin));
}
