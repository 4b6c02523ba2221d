/**
 * Account deletion calls (spec §2 Deletion request; §3 Deletion type; §4 Deletion; §7 GET
 * deletion/types, POST password/validate/user/{userId}, POST deletion/user/{userId} and
 * deletion/partner/user/{userId}).
 */
import { z } from 'zod';
import { OptionalText, Text } from './common.ts';

/** Longest free-text reason kept, in characters. */
export const DELETION_REASON_MAX = 1000;

/**
 * spec §3 Deletion type: one reason of the server's list; `IsOther` asks for free text. `Description` is
 * in the caller's language (Accept-Language, else the player's saved locale, else English; locale.ts).
 */
export const DeletionTypeSchema = z.object({
  Id: z.number().int(),
  Description: z.string(),
  IsOther: z.boolean(),
});
export type DeletionType = z.infer<typeof DeletionTypeSchema>;

/** Answer of GET deletion/types. */
export const DeletionTypesResponseSchema = z.object({ DeletionTypes: z.array(DeletionTypeSchema) });
export type DeletionTypesResponse = z.infer<typeof DeletionTypesResponseSchema>;

/** POST password/validate/user/{userId} (deletion step 1). */
export const PasswordValidateRequestSchema = z.object({ Password: Text });
export type PasswordValidateRequest = z.infer<typeof PasswordValidateRequestSchema>;

/**
 * POST deletion/user/{userId} (and deletion/partner/user/{userId}, where `Password` is not asked).
 * `Id_DeletionType` null: the player skipped the reason (spec §4 "Skip clears the reason").
 */
export const DeletionRequestSchema = z.object({
  Password: OptionalText,
  Email: OptionalText,
  Id_DeletionType: z.number().int().min(1).max(2_147_483_647).nullish(),
  DeletionReason: OptionalText,
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;
