/**
 * Passkeys (WebAuthn Level 3; issue 22 §3, §4): a player registers and names passkeys in the account,
 * uses one as the second step of a password log-in, or signs in with one alone ("Sign in with a
 * passkey", conditional mediation where the browser offers it). The `Options` the API answers are the
 * JSON forms of `PublicKeyCredentialCreationOptions` / `PublicKeyCredentialRequestOptions` (WebAuthn
 * §5.4, §5.5, as `@simplewebauthn/browser` takes them), and the `Response`s the JSON forms of the
 * credential the browser returns (`RegistrationResponseJSON`, `AuthenticationResponseJSON`, WebAuthn
 * §5.1 `toJSON()`). Every challenge is single use and lives 5 minutes. Calls:
 * GET account/passkeys, POST account/passkeys/registration-options, POST account/passkeys,
 * POST account/passkeys/{passkeyId}/rename, POST account/passkeys/{passkeyId}/remove,
 * POST log/passkey/options and POST log/passkey. Times are ISO 8601 UTC.
 */
import { z } from 'zod';

/** A passkey's name, as the player gave it (1–64 characters). */
const PasskeyName = z.string().max(64);
/** A base64url string (RFC 4648 §5) of the browser's answer. */
const Base64Url = z.string().max(16_384);
/** WebAuthn §5.4.5 `AuthenticatorAttachment` (a browser may answer null: dropped). */
const Attachment = z
  .enum(['platform', 'cross-platform'])
  .nullish()
  .transform((v) => v ?? undefined);

/** One registered passkey, as the account lists it (never its public key). */
export const PasskeySchema = z.object({
  /** Our id of the passkey (not the credential id). */
  Id: z.string(),
  Name: z.string(),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  /** Whether the passkey is synced between devices (WebAuthn backup state, BS flag). */
  Synced: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** GET account/passkeys. */
export const PasskeysResponseSchema = z.object({ Passkeys: z.array(PasskeySchema) });
export type PasskeysResponse = z.infer<typeof PasskeysResponseSchema>;

/** `{ passkeyId }` path parameter. */
export const PasskeyIdParamsSchema = z.object({ passkeyId: z.string().max(64) });

/** Options for the browser's `navigator.credentials.create()` / `.get()` (JSON forms, see above). */
export const PasskeyOptionsResponseSchema = z.object({
  Options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsResponse = z.infer<typeof PasskeyOptionsResponseSchema>;

/** `RegistrationResponseJSON` (WebAuthn §5.1 `PublicKeyCredential.toJSON()` of a create()). */
export const RegistrationResponseJsonSchema = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** `AuthenticationResponseJSON` (WebAuthn §5.1 `PublicKeyCredential.toJSON()` of a get()). */
export const AuthenticationResponseJsonSchema = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.nullish().transform((v) => v ?? undefined),
  }),
  authenticatorAttachment: Attachment,
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** POST account/passkeys body: the new passkey's name and the browser's answer to the options. */
export const PasskeyRegistrationRequestSchema = z.object({
  Name: PasskeyName,
  Response: RegistrationResponseJsonSchema,
});
export type PasskeyRegistrationRequest = z.infer<typeof PasskeyRegistrationRequestSchema>;

/**
 * POST account/passkeys answer: the passkey, and — when it is the player's first second factor — the
 * ten recovery codes, shown this once.
 */
export const PasskeyRegisteredResponseSchema = z.object({
  Passkey: PasskeySchema,
  RecoveryCodes: z.array(z.string()).optional(),
});
export type PasskeyRegisteredResponse = z.infer<typeof PasskeyRegisteredResponseSchema>;

/** POST account/passkeys/{passkeyId}/rename body. */
export const PasskeyRenameRequestSchema = z.object({ Name: PasskeyName });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequestSchema>;

/**
 * POST log/passkey/options body: without `Ticket`, options for a passwordless log-in (any passkey of
 * this site, discoverable credentials); with the `SecondFactorTicket` of a password step (log-in or
 * re-authentication), options for that player's passkeys.
 */
export const PasskeyLoginOptionsRequestSchema = z.object({
  Ticket: z.string().min(1).max(128).nullish(),
});
export type PasskeyLoginOptionsRequest = z.infer<typeof PasskeyLoginOptionsRequestSchema>;

/** POST log/passkey body: a passwordless log-in with the browser's answer to the options. */
export const PasskeyLoginRequestSchema = z.object({ Response: AuthenticationResponseJsonSchema });
export type PasskeyLoginRequest = z.infer<typeof PasskeyLoginRequestSchema>;
