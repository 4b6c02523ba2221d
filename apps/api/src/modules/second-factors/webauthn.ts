/**
 * The WebAuthn ceremonies of passkeys (issue 22 §3; WebAuthn Level 3 §7; docs/security.md "Passkeys"),
 * over `@simplewebauthn/server`: options for `navigator.credentials.create()` and `.get()`, and the
 * verification of the browser's answers against the relying party of the configuration
 * (`config.webauthn`: RP ID and origins).
 *
 * Every challenge is 256 random bits (the library's default is 32 bytes), kept server-side as a SHA-256
 * digest with its purpose, its player (or none for a passwordless log-in), the second step's ticket if
 * any, and an expiry of {@link CHALLENGE_TTL_MS}; a response is verified only against a challenge it
 * consumes, so an assertion replayed — even before the first use completes — is refused. The signature
 * counter (WebAuthn §6.1.1) must grow for authenticators that keep one; its update is atomic with the
 * use. Passkeys are created with a discoverable credential (`residentKey: required`) and user
 * verification required; a passwordless log-in requires user verification (the passkey is then both
 * factors), the second step after a password does not.
 */
import type * as Server from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type * as Helpers from '@simplewebauthn/server/helpers';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { MINUTE_MS, isoIn, isoNow } from '../../lib/time.ts';
import {
  consumeChallenge,
  findPasskeyByCredentialId,
  insertChallenge,
  listPasskeys,
  recordPasskeyUse,
  type PasskeyRow,
} from './passkey-store.ts';

/** How long a challenge lives, ms (5 minutes; also the ceremonies' `timeout`). */
export const CHALLENGE_TTL_MS = 5 * MINUTE_MS;

/**
 * `@simplewebauthn/server` and its helpers, loaded at the first ceremony: with their certificate and
 * ASN.1 dependencies about 5 MB of heap that a node whose players never use a passkey does not hold
 * (issue 23 P5, docs/operations.md "Sizing").
 */
let library: Promise<typeof Server & typeof Helpers> | undefined;
function webauthn(): Promise<typeof Server & typeof Helpers> {
  library ??= Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]).then(
    ([server, helpers]) => ({ ...server, ...helpers }),
  );
  return library;
}

/**
 * The public-key algorithms offered and accepted (COSE: EdDSA, ES256, RS256). Set on both sides: the
 * library's options offer ML-DSA-44 too where the runtime has it, which its verification then refuses
 * (seen with Chromium's virtual authenticator, issue 22 e2e).
 */
function algorithms({ COSEALG }: typeof Helpers): Helpers.COSEALG[] {
  return [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];
}
/** The relying party's name the browser shows. */
export const RP_NAME = 'Guildgate';

/** Options JSON, handed to the browser as they are (contracts PasskeyOptionsResponseSchema). */
export type OptionsJson = Record<string, unknown>;

/** The transports a passkey row lists. */
function transportsOf(row: PasskeyRow): AuthenticatorTransport[] {
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? (parsed as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
}

/** The WebAuthn user handle of a player (WebAuthn §14.6.1: no personal data): their opaque Id_User. */
export function userHandleOf(idUser: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(idUser, 'utf8'));
}

/** The challenge (base64url) of a response's `clientDataJSON`, or null when it is malformed. */
function challengeOf({ decodeClientDataJSON }: typeof Helpers, clientDataJson: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJson);
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** Stores `challenge` for `purpose`. */
async function keepChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: number | null,
  ticketHash: string | null,
): Promise<void> {
  await insertChallenge(ctx.db, {
    challenge_hash: sha256(challenge),
    purpose,
    user_id: userId,
    ticket_hash: ticketHash,
    created_at: isoNow(),
    expires_at: isoIn(CHALLENGE_TTL_MS),
  });
}

/**
 * Options to create a passkey for a player (WebAuthn §5.4): their existing passkeys excluded.
 * @param player internal id, Id_User and username (the name the authenticator shows)
 */
export async function registrationOptions(
  ctx: AppContext,
  player: { id: number; id_user: string; username: string },
): Promise<OptionsJson> {
  const library = await webauthn();
  const existing = await listPasskeys(ctx.db, player.id);
  const options = await library.generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ctx.config.webauthn.rpId,
    userName: player.username,
    userDisplayName: player.username,
    userID: userHandleOf(player.id_user),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: algorithms(library),
  });
  await keepChallenge(ctx, options.challenge, 'registration', player.id, null);
  return options as unknown as OptionsJson;
}

/** A verified new credential, to store. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/**
 * Verifies the browser's answer to {@link registrationOptions} of player `userId`, consuming its
 * challenge.
 * @throws 400 ERROR_PASSKEY_INVALID (unknown, used or expired challenge, another player's, wrong origin
 *   or RP ID, no user verification, a malformed attestation)
 */
export async function verifyRegistration(
  ctx: AppContext,
  userId: number,
  response: RegistrationResponseJSON,
): Promise<NewCredential> {
  const invalid = () => badRequest('ERROR_PASSKEY_INVALID', 'Response');
  const library = await webauthn();
  const challenge = challengeOf(library, response.response.clientDataJSON);
  if (!challenge) throw invalid();
  const kept = await consumeChallenge(ctx.db, sha256(challenge), 'registration', isoNow());
  if (kept?.user_id !== userId) throw invalid();
  const verified = await library
    .verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: algorithms(library),
    })
    .catch(() => null);
  if (!verified?.verified) throw invalid();
  const { credential, credentialBackedUp } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: response.response.transports ?? [],
    backedUp: credentialBackedUp,
  };
}

/**
 * Options to use a passkey (WebAuthn §5.5).
 * @param player for the second step: the player whose passkeys are allowed and the ticket's digest;
 *   null for a passwordless log-in (discoverable credentials, user verification required)
 */
export async function authenticationOptions(
  ctx: AppContext,
  player: { userId: number; ticketHash: string } | null,
): Promise<OptionsJson> {
  const library = await webauthn();
  const allowed = player ? await listPasskeys(ctx.db, player.userId) : [];
  const options = await library.generateAuthenticationOptions({
    rpID: ctx.config.webauthn.rpId,
    timeout: CHALLENGE_TTL_MS,
    allowCredentials: allowed.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    userVerification: player ? 'preferred' : 'required',
  });
  await keepChallenge(
    ctx,
    options.challenge,
    'authentication',
    player?.userId ?? null,
    player?.ticketHash ?? null,
  );
  return options as unknown as OptionsJson;
}

/** What an assertion must match: the second step's player and ticket, or none (passwordless). */
export type ExpectedAssertion = { userId: number; ticketHash: string } | null;

/**
 * Verifies a passkey assertion (the browser's answer to {@link authenticationOptions}), consuming its
 * challenge and recording the passkey's new counter and use.
 * @param owner for a passwordless log-in, the player's Id_User of a passkey owner (the user handle the
 *   authenticator returned must be theirs)
 * @returns the passkey used
 * @throws 400 ERROR_PASSKEY_INVALID (unknown, used or expired challenge, one given for another player
 *   or ticket, an unknown passkey or another player's, a bad signature, a counter that did not grow, no
 *   user verification where required)
 */
export async function verifyAssertion(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
  expected: ExpectedAssertion,
  owner: (userId: number) => Promise<string | null>,
): Promise<PasskeyRow> {
  const invalid = () => badRequest('ERROR_PASSKEY_INVALID', 'Response');
  const library = await webauthn();
  const challenge = challengeOf(library, response.response.clientDataJSON);
  if (!challenge) throw invalid();
  const now = isoNow();
  const kept = await consumeChallenge(ctx.db, sha256(challenge), 'authentication', now);
  if (!kept) throw invalid();
  if (
    expected
      ? kept.user_id !== expected.userId || kept.ticket_hash !== expected.ticketHash
      : kept.user_id !== null
  )
    throw invalid();
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey || (expected && passkey.user_id !== expected.userId)) throw invalid();
  if (!expected) {
    const idUser = await owner(passkey.user_id);
    const handle = response.response.userHandle;
    if (!idUser || (handle && Buffer.from(handle, 'base64url').toString('utf8') !== idUser)) throw invalid();
  }
  const counter = Number(passkey.sign_count);
  const verified = await library
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.config.webauthn.origins,
      expectedRPID: ctx.config.webauthn.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: expected === null,
    })
    .catch(() => null);
  if (!verified?.verified) throw invalid();
  if (!(await recordPasskeyUse(ctx.db, passkey.id, counter, verified.authenticationInfo.newCounter, now)))
    throw invalid();
  return passkey;
}
