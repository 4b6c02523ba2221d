/**
 * Reading the OpenID 2.0 requests a relying party sends the Steam stand-in (OpenID 2.0 §4.1.2, §9.1):
 * the `openid.*` fields of a query or form body, and the checks of an authentication request
 * (`checkid_setup` / `checkid_immediate`) before the approve page is shown or an answer is sent.
 */
import { IDENTIFIER_SELECT, OPENID_NS, type SteamOpenIdUrls } from './openid.ts';
import { checkRealm, checkReturnTo, returnToMatchesRealm } from './realm.ts';
import { isSteamId } from './accounts.ts';

/** Most `openid.*` fields read from one request (more make the request invalid). */
export const MAX_OPENID_FIELDS = 64;

/** Longest value of one `openid.*` field, in characters. */
export const MAX_OPENID_VALUE_LENGTH = 4096;

/**
 * The `openid.*` fields of a parsed query or form body (`source`), in order. Fields of other names are
 * ignored. @returns `undefined` when one is repeated or not a string, longer than
 * {@link MAX_OPENID_VALUE_LENGTH}, or there are more than {@link MAX_OPENID_FIELDS} of them.
 */
export function openIdFields(source: unknown): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  if (source === null || typeof source !== 'object') return fields;
  for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
    if (!key.startsWith('openid.')) continue;
    if (typeof value !== 'string' || value.length > MAX_OPENID_VALUE_LENGTH) return undefined;
    fields.set(key, value);
    if (fields.size > MAX_OPENID_FIELDS) return undefined;
  }
  return fields;
}

/** A valid authentication request. */
export interface CheckIdRequest {
  readonly mode: 'checkid_setup' | 'checkid_immediate';
  /** `openid.return_to` exactly as received. */
  readonly returnTo: string;
  /** Origin of the return URL, e.g. "http://localhost:8080" (the approve form may redirect there). */
  readonly returnToOrigin: string;
  /** `openid.realm` as received: the site shown to the person. */
  readonly realm: string;
  /** The account the relying party asked about (claimed id of this provider), or `undefined` to choose. */
  readonly steamid: string | undefined;
  /** Every `openid.*` field of the request, to carry through the approve form. */
  readonly fields: ReadonlyMap<string, string>;
}

/**
 * Checks an authentication request (`fields` from {@link openIdFields}) against the provider at `urls`.
 * @returns the request, or `{ error }` (a sentence for the 400 page) when `openid.mode` is not
 * `checkid_setup`/`checkid_immediate`, `openid.ns` is not OpenID 2.0, the return URL or realm is
 * invalid or does not match (see `realm.ts`), or `openid.claimed_id` and `openid.identity` are not both
 * identifier_select or both this provider's claimed id of a valid SteamID64.
 */
export function checkCheckIdRequest(
  fields: ReadonlyMap<string, string>,
  urls: SteamOpenIdUrls,
): CheckIdRequest | { error: string } {
  const mode = fields.get('openid.mode');
  if (mode !== 'checkid_setup' && mode !== 'checkid_immediate') {
    return { error: 'openid.mode must be checkid_setup or checkid_immediate.' };
  }
  if (fields.get('openid.ns') !== OPENID_NS) return { error: `openid.ns must be ${OPENID_NS}.` };
  const returnTo = checkReturnTo(fields.get('openid.return_to'));
  if ('error' in returnTo) return returnTo;
  const realm = checkRealm(fields.get('openid.realm'));
  if ('error' in realm) return realm;
  if (!returnToMatchesRealm(returnTo, realm)) {
    return { error: 'openid.return_to is not under openid.realm.' };
  }
  const claimedId = fields.get('openid.claimed_id');
  const identity = fields.get('openid.identity');
  let steamid: string | undefined;
  if (claimedId !== IDENTIFIER_SELECT || identity !== IDENTIFIER_SELECT) {
    steamid = claimedId === undefined ? undefined : urls.steamIdOf(claimedId);
    if (claimedId !== identity || !isSteamId(steamid)) {
      return {
        error: `openid.claimed_id and openid.identity must both be ${IDENTIFIER_SELECT} or both a Steam ID of this provider.`,
      };
    }
  }
  return {
    mode,
    returnTo: fields.get('openid.return_to') ?? '',
    returnToOrigin: returnTo.origin,
    realm: fields.get('openid.realm') ?? '',
    steamid,
    fields,
  };
}
