/**
 * Second factors (issue 22 §1, §2, §4): the authenticator app (TOTP, RFC 6238: SHA-1, 6 digits,
 * 30-second steps) with ten single-use recovery codes, and the second step of the log-in. Calls:
 * GET account/second-factors, POST account/second-factors/totp (start enrolment),
 * POST account/second-factors/totp/confirm, POST account/second-factors/totp/remove,
 * POST account/second-factors/recovery-codes (regenerate), and POST log/second-factor. Times are ISO
 * 8601 UTC.
 */
import { z } from 'zod';
import { AuthenticationResponseJsonSchema } from './passkeys.ts';

/** A TOTP code: six digits (spaces the player typed are removed by the API). */
const TotpCode = z.string().max(16);

/** GET account/second-factors: what the player enrolled. */
export const SecondFactorsResponseSchema = z.object({
  /** A confirmed authenticator app. */
  Totp: z.boolean(),
  /** When it was confirmed, or null. */
  TotpConfirmedAt: z.string().nullable(),
  /** Unused recovery codes left (0 without an authenticator app). */
  RecoveryCodesLeft: z.number().int().nonnegative(),
});
export type SecondFactorsResponse = z.infer<typeof SecondFactorsResponseSchema>;

/** POST account/second-factors/totp: the pending enrolment, to scan or type into the app. */
export const TotpEnrolmentResponseSchema = z.object({
  /** The Key URI (`otpauth://totp/…`, Google Authenticator's Key Uri Format). */
  OtpauthUri: z.string(),
  /** The shared secret in base32 (RFC 4648), for manual entry. */
  Secret: z.string(),
  /** The URI as a QR code, an SVG document (rendered on the server). */
  QrSvg: z.string(),
});
export type TotpEnrolmentResponse = z.infer<typeof TotpEnrolmentResponseSchema>;

/** POST account/second-factors/totp/confirm body: a code of the app. */
export const TotpConfirmRequestSchema = z.object({ Code: TotpCode });
export type TotpConfirmRequest = z.infer<typeof TotpConfirmRequestSchema>;

/** Recovery codes, shown once (confirmation of the enrolment, regeneration). */
export const RecoveryCodesResponseSchema = z.object({ RecoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** The second factors a log-in may be completed with. */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * POST log/second-factor body: the ticket of the password step and either a TOTP `Code`, a
 * `RecoveryCode` or a `Passkey` (the browser's answer to POST log/passkey/options with the ticket);
 * `RememberDevice` skips the step on this browser for 30 days.
 */
export const SecondFactorLoginRequestSchema = z.object({
  Ticket: z.string().min(1).max(128),
  Code: TotpCode.nullish(),
  RecoveryCode: z.string().max(64).nullish(),
  Passkey: AuthenticationResponseJsonSchema.nullish(),
  RememberDevice: z.boolean().optional(),
});
export type SecondFactorLoginRequest = z.infer<typeof SecondFactorLoginRequestSchema>;

/**
 * POST account/reauthentication/second-factor body (issue 22 §4 step-up): the ticket POST
 * password/validate/user/{id} answered and one proof, as {@link SecondFactorLoginRequestSchema}.
 */
export const ReauthenticationSecondFactorRequestSchema = SecondFactorLoginRequestSchema.omit({
  RememberDevice: true,
});
export type ReauthenticationSecondFactorRequest = z.infer<typeof ReauthenticationSecondFactorRequestSchema>;

/**
 * Answer of POST password/validate/user/{id} (spec §7 `Success`, extended for issue 22 §4 step-up):
 * when the player enrolled a second factor, the password alone is no proof for sensitive changes:
 * `SecondFactorTicket` (single use, 5 minutes) is redeemed with POST
 * account/reauthentication/second-factor by one of `SecondFactorMethods`.
 */
export const PasswordValidateResponseSchema = z.object({
  Success: z.boolean(),
  SecondFactorTicket: z.string().optional(),
  SecondFactorMethods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});
export type PasswordValidateResponse = z.infer<typeof PasswordValidateResponseSchema>;
