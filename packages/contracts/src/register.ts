/**
 * Registration and e-mail confirmation calls (spec §3 Register form; §4 Register; §5; §7).
 */
import { z } from 'zod';
import { Text, OptionalText, Flag } from './common.ts';

/** spec §3 Register form — POST register/new-user. */
export const RegisterRequestSchema = z.object({
  Username: Text,
  Firstname: Text,
  /** TWO-POINT-STUDIOS only. */
  Lastname: OptionalText,
  /** Hidden trap: must stay empty. */
  UsageNameHoneyPot: OptionalText,
  /** TWO-POINT-STUDIOS only, YYYY-MM-DD. */
  DateOfBirth: OptionalText,
  Password: Text,
  ConfirmPassword: Text,
  Email: Text,
  ConfirmEmail: Text,
  Referrer: OptionalText,
  ApprovePrivacyPolicy: Flag,
  ApproveEULA: Flag,
  /** TWO-POINT-STUDIOS only. */
  ApproveCodeOfConduct: Flag,
  /** Newsletter consent (when the newsletter section is enabled). */
  G2GSegaOptin: Flag,
  /** Hidden trap checkbox: must stay false. */
  Additional: Flag,
  ReCAPTCHAToken: OptionalText,
  StudioName: OptionalText,
  ClientId: OptionalText,
  AccessKeyValue: OptionalText,
  /** Where the confirmation link should send the player afterwards (checked against the allow-list). */
  RedirectUrl: OptionalText,
  /**
   * Milliseconds the form was open before submit (spec §4 too-fast rule), as the page counts them. The
   * server does not trust it: it decides by {@link RegisterRequestSchema} `FormToken`.
   */
  TimeOnPageMs: z.number().int().min(0).max(1e12).nullish(),
  /**
   * The token GET register/form-token gave the page when it loaded (spec §4 too-fast rule, decided by the
   * server; docs/security.md "Too fast"). Where the rule applies, a form without a token old enough is
   * refused as too fast.
   */
  FormToken: z.string().max(2048).nullish(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * Answer of GET register/form-token: the token the register page sends back with its form, and how long
 * it lasts (seconds).
 */
export const RegisterFormTokenResponseSchema = z.object({
  FormToken: z.string(),
  ExpiresIn: z.number().int(),
});
export type RegisterFormTokenResponse = z.infer<typeof RegisterFormTokenResponseSchema>;

/** POST register/verify (TWO-POINT-STUDIOS verify page). */
export const RegisterVerifyRequestSchema = z.object({ VerificationCode: Text });
export type RegisterVerifyRequest = z.infer<typeof RegisterVerifyRequestSchema>;

/** POST email/confirm (the /confirm-email?uid page). */
export const EmailConfirmRequestSchema = z.object({ Uid: Text });
export type EmailConfirmRequest = z.infer<typeof EmailConfirmRequestSchema>;

/** POST email/send-confirmation-email. */
export const SendConfirmationEmailRequestSchema = z.object({ Email: Text, RedirectUrl: OptionalText });
export type SendConfirmationEmailRequest = z.infer<typeof SendConfirmationEmailRequestSchema>;

/** Answer of the confirmation calls: where to go next, if the link carried an allowed redirect. */
export const ConfirmResponseSchema = z.object({ Success: z.boolean(), RedirectUrl: z.string().nullable() });
export type ConfirmResponse = z.infer<typeof ConfirmResponseSchema>;

/** POST accesskey/validate (spec §2 /access-key: field Key). */
export const AccessKeyValidateRequestSchema = z.object({ Value: Text });
export type AccessKeyValidateRequest = z.infer<typeof AccessKeyValidateRequestSchema>;
