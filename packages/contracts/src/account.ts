/**
 * Account-area calls of the signed-in player (spec §2 Update username, Password reset in the account;
 * §3 Password reset form (account); §7 POST profile/user/{userId}/update-username, POST
 * password/password-reset).
 */
import { z } from 'zod';
import { OptionalText, Text } from './common.ts';

/** POST profile/user/{userId}/update-username. */
export const UpdateUsernameRequestSchema = z.object({ Username: Text });
export type UpdateUsernameRequest = z.infer<typeof UpdateUsernameRequestSchema>;

/**
 * spec §3 Password reset form (account) — POST password/password-reset. `OldPassword` is asked where
 * the page shows it (TWO-POINT-STUDIOS); elsewhere it may be null or absent.
 */
export const AccountPasswordResetRequestSchema = z.object({
  OldPassword: OptionalText,
  Password: Text,
  ConfirmPassword: Text,
});
export type AccountPasswordResetRequest = z.infer<typeof AccountPasswordResetRequestSchema>;

/** POST profile/user/{userId}/update-email (spec §2 Update email: New email, Confirm email). */
export const UpdateEmailRequestSchema = z.object({ Email: Text, ConfirmEmail: Text });
export type UpdateEmailRequest = z.infer<typeof UpdateEmailRequestSchema>;

/** GET email/update-email-confirm and GET email/update-email-recovery: the link's query (uid). */
export const EmailLinkQuerySchema = z.object({ uid: Text });
export type EmailLinkQuery = z.infer<typeof EmailLinkQuerySchema>;

/** POST password/password-recovery (spec §2 Password recovery: the e-mail form). */
export const PasswordRecoveryRequestSchema = z.object({ Email: Text });
export type PasswordRecoveryRequest = z.infer<typeof PasswordRecoveryRequestSchema>;

/**
 * spec §3 Password reset form (recovery) — POST password/password-recovery-validation {Token, Password,
 * Confirm}. Errors name `Password`, `ConfirmPassword` or the general group (spec §8).
 */
export const PasswordRecoveryValidationRequestSchema = z.object({
  Token: Text,
  Password: Text,
  Confirm: Text,
});
export type PasswordRecoveryValidationRequest = z.infer<typeof PasswordRecoveryValidationRequestSchema>;

/**
 * POST password/password-recovery-check {Token} (not in spec §7: the reset page checks its link as it
 * opens, without using it): `{Success: true}` while the link can still set a password, else 400 with
 * the general ERROR_PASSWORD_RECOVERY_NOTEXISTS (unknown or used) or ERROR_PASSWORD_RECOVERY_EXPIRED.
 */
export const PasswordRecoveryCheckRequestSchema = z.object({ Token: Text });
export type PasswordRecoveryCheckRequest = z.infer<typeof PasswordRecoveryCheckRequestSchema>;
