/**
 * "This wasn't me" (issue 22 §6 security alerts): every security alert e-mail carries a single-use,
 * expiring link `/secure-account?token=…` whose page, once the player confirms, calls
 * POST account/secure with the link's token (anonymous bearer). The API then revokes every session of
 * the player (partner sites are told through back-channel log-out), forgets their known devices, and
 * sends a password recovery link to the address the alert went to. Unknown, used or expired tokens
 * answer the §8 general codes ERROR_SECURE_ACCOUNT_NOTEXISTS / ERROR_SECURE_ACCOUNT_EXPIRED.
 */
import { z } from 'zod';

/** Longest token accepted (a link token is 43 base64url characters; anything longer is not one). */
export const MAX_SECURE_ACCOUNT_TOKEN_LENGTH = 512;

/** POST account/secure body: `Token`, the link's token. */
export const SecureAccountRequestSchema = z.object({
  Token: z.string().max(MAX_SECURE_ACCOUNT_TOKEN_LENGTH),
});
export type SecureAccountRequest = z.infer<typeof SecureAccountRequestSchema>;

/**
 * POST account/secure answer: what was done — the player's sessions were ended everywhere
 * (`SessionsRevoked`), their known devices forgotten (`DevicesForgotten`), and whether a password
 * recovery link was sent (`RecoveryMailSent`: false for a player without a password of ours, e.g. one
 * who signs in through a partner studio, or in a partner environment).
 */
export const SecureAccountResponseSchema = z.object({
  SessionsRevoked: z.boolean(),
  DevicesForgotten: z.boolean(),
  RecoveryMailSent: z.boolean(),
});
export type SecureAccountResponse = z.infer<typeof SecureAccountResponseSchema>;
