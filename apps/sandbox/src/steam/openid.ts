/**
 * The OpenID 2.0 protocol of the Steam stand-in (https://openid.net/specs/openid-authentication-2_0.html,
 * DESIGN.md §1 Steam): the provider's URLs, the key-value form encoding (§4.1.1), and the signer that makes
 * positive assertions (§10.1) and answers stateless verification (`check_authentication`, §11.4.2).
 *
 * Like Steam, the stand-in works in stateless mode only: there are no associations; every assertion is
 * signed with HMAC-SHA256 under a random secret of the signer (one per party, so per process) and carries
 * the signer's private association handle; the relying party asks the provider whether it is valid.
 * The signed list is Steam's: `signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NonceRegister, createNonce } from './nonces.ts';

/** `openid.ns` of OpenID 2.0 messages. */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';

/** `openid.claimed_id` / `openid.identity` of a request that lets the person choose the account. */
export const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';

/** Fields (without `openid.`) the stand-in signs, in this order, like Steam. */
export const SIGNED_FIELDS = [
  'signed',
  'op_endpoint',
  'claimed_id',
  'identity',
  'return_to',
  'response_nonce',
  'assoc_handle',
] as const;

/** Fields `openid.signed` must name for `check_authentication` to accept an assertion. */
export const REQUIRED_SIGNED_FIELDS = [
  'op_endpoint',
  'return_to',
  'response_nonce',
  'assoc_handle',
  'claimed_id',
  'identity',
] as const;

/** The absolute URLs of the provider for one public URL. */
export interface SteamOpenIdUrls {
  /** OP Identifier (its XRDS document), e.g. "http://localhost:8090/steam/openid". */
  readonly provider: string;
  /** OP Endpoint URL (`openid.op_endpoint`), e.g. "http://localhost:8090/steam/openid/login". */
  readonly login: string;
  /** Claimed identifier of an account, e.g. "http://localhost:8090/steam/openid/id/76561197960287930". */
  claimedId(steamid: string): string;
  /** The SteamID64 of one of this provider's claimed identifiers, or `undefined` for any other value. */
  steamIdOf(claimedId: string): string | undefined;
}

/** The provider's URLs under `publicUrl` (the sandbox's public base URL, without a trailing slash). */
export function steamOpenIdUrls(publicUrl: string): SteamOpenIdUrls {
  const provider = `${publicUrl}/steam/openid`;
  const idPrefix = `${provider}/id/`;
  return {
    provider,
    login: `${provider}/login`,
    claimedId: (steamid) => idPrefix + steamid,
    steamIdOf: (claimedId) => {
      if (!claimedId.startsWith(idPrefix)) return undefined;
      const steamid = claimedId.slice(idPrefix.length);
      return /^\d{17}$/.test(steamid) ? steamid : undefined;
    },
  };
}

/**
 * Key-value form encoding (§4.1.1): `key:value\n` per pair, in order. Throws a TypeError when a key is
 * empty or holds `:` or a newline, or a value holds a newline.
 */
export function encodeKeyValue(pairs: Iterable<readonly [string, string]>): string {
  let out = '';
  for (const [key, value] of pairs) {
    if (key === '' || /[:\n]/.test(key))
      throw new TypeError(`Invalid key-value form key: ${JSON.stringify(key)}`);
    if (value.includes('\n')) throw new TypeError(`Key-value form value of ${key} has a newline`);
    out += `${key}:${value}\n`;
  }
  return out;
}

/** Parses key-value form (lines `key:value`, split at the first colon; lines without one are skipped). */
export function parseKeyValue(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) pairs.set(line.slice(0, colon), line.slice(colon + 1).replace(/\r$/, ''));
  }
  return pairs;
}

/** Compares two strings in time independent of where they differ (lengths may leak). */
function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What a positive assertion is about. */
export interface AssertionSubject {
  /** The provider's URLs (from the public URL at the time of the request). */
  readonly urls: SteamOpenIdUrls;
  /** The account signing in (a valid SteamID64). */
  readonly steamid: string;
  /** `openid.return_to` of the request, exactly as received. */
  readonly returnTo: string;
}

/** Signs assertions and verifies them once (stateless mode), with its own secret and nonce register. */
export class AssertionSigner {
  /** The private association handle every assertion of this signer carries. */
  readonly assocHandle: string;
  readonly #secret: Buffer;
  readonly #nonces = new NonceRegister();

  /** `secret`: the HMAC-SHA256 key (default 32 random bytes). */
  constructor(secret: Buffer = randomBytes(32)) {
    this.#secret = secret;
    this.assocHandle = `guildgate-sandbox-stateless-${randomBytes(8).toString('hex')}`;
  }

  /**
   * Base64 HMAC-SHA256 of the key-value form of the `names` fields of `fields` (keys with `openid.`).
   * Throws a TypeError when one is missing or cannot be encoded (see {@link encodeKeyValue}).
   */
  signature(fields: ReadonlyMap<string, string>, names: readonly string[]): string {
    const pairs = names.map((name): [string, string] => {
      const value = fields.get(`openid.${name}`);
      if (value === undefined) throw new TypeError(`Signed field openid.${name} is missing`);
      return [name, value];
    });
    return createHmac('sha256', this.#secret).update(encodeKeyValue(pairs), 'utf8').digest('base64');
  }

  /**
   * The fields of a positive assertion (§10.1) for `subject`, in order: `openid.ns`, `mode` (`id_res`),
   * `op_endpoint`, `claimed_id`, `identity`, `return_to`, `response_nonce` (now), `assoc_handle`,
   * `signed` and `sig`.
   */
  assert(subject: AssertionSubject): Map<string, string> {
    const claimedId = subject.urls.claimedId(subject.steamid);
    const fields = new Map<string, string>([
      ['openid.ns', OPENID_NS],
      ['openid.mode', 'id_res'],
      ['openid.op_endpoint', subject.urls.login],
      ['openid.claimed_id', claimedId],
      ['openid.identity', claimedId],
      ['openid.return_to', subject.returnTo],
      ['openid.response_nonce', createNonce()],
      ['openid.assoc_handle', this.assocHandle],
      ['openid.signed', SIGNED_FIELDS.join(',')],
    ]);
    fields.set('openid.sig', this.signature(fields, SIGNED_FIELDS));
    return fields;
  }

  /**
   * Answers `check_authentication` (§11.4.2) for the fields the relying party sent (all `openid.*`
   * fields of the assertion; `openid.mode` is ignored). `true` only when `openid.ns` is OpenID 2.0, the
   * signature over the fields named in `openid.signed` verifies, that list names at least
   * {@link REQUIRED_SIGNED_FIELDS}, the association handle is this signer's, `op_endpoint` is `urls.login`,
   * the claimed id is one of `urls`' and equals the identity, and the nonce is younger than five minutes
   * and was never accepted before (it is consumed then: a second check of the same assertion is `false`).
   */
  checkAuthentication(fields: ReadonlyMap<string, string>, urls: SteamOpenIdUrls): boolean {
    const signed = fields.get('openid.signed');
    const sig = fields.get('openid.sig');
    if (fields.get('openid.ns') !== OPENID_NS || signed === undefined || sig === undefined) return false;
    const names = signed.split(',');
    if (!REQUIRED_SIGNED_FIELDS.every((name) => names.includes(name))) return false;
    let expected: string;
    try {
      expected = this.signature(fields, names);
    } catch {
      return false;
    }
    if (!sameString(sig, expected)) return false;
    const claimedId = fields.get('openid.claimed_id') ?? '';
    if (
      fields.get('openid.assoc_handle') !== this.assocHandle ||
      fields.get('openid.op_endpoint') !== urls.login ||
      fields.get('openid.identity') !== claimedId ||
      urls.steamIdOf(claimedId) === undefined
    ) {
      return false;
    }
    return this.#nonces.consume(fields.get('openid.response_nonce') ?? '');
  }
}
