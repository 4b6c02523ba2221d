/**
 * Blocked users (spec §2 Blocked users, §3 User.Blocks, §7 POST unblock) and the partner sites'
 * server-to-server block calls (docs/partner-api.md). Players are named by their public `Id_User`.
 */
import { z } from 'zod';

/** Upper bound of a public player id (an `Id_User` is a 36-character UUID). */
export const MAX_PUBLIC_USER_ID = 64;

/** A player's public id (spec §3 User.Id_User) as sent by a caller: 1 to 64 characters. */
export const PublicUserIdSchema = z.string().min(1).max(MAX_PUBLIC_USER_ID);

/** spec §7 POST unblock body: the blocked player's public id (spec §3 User.Blocks[].Id). */
export const UnblockRequestSchema = z.object({ userBlockedId: PublicUserIdSchema });
export type UnblockRequest = z.infer<typeof UnblockRequestSchema>;

/**
 * Partner call POST blocks body: player `userId` blocked player `userBlockedId` (both `Id_User`),
 * named like the spec's unblock call.
 */
export const PartnerBlockRequestSchema = z.object({
  userId: PublicUserIdSchema,
  userBlockedId: PublicUserIdSchema,
});
export type PartnerBlockRequest = z.infer<typeof PartnerBlockRequestSchema>;

/** Partner call DELETE blocks/{userId}/{userBlockedId} path parameters. */
export const PartnerBlockParamsSchema = PartnerBlockRequestSchema;
export type PartnerBlockParams = z.infer<typeof PartnerBlockParamsSchema>;

/**
 * Answer of the partner block calls: `Blocked` is the state after the call, `Changed` whether this
 * call changed it (false on an idempotent repeat).
 */
export const PartnerBlockResponseSchema = z.object({
  Success: z.boolean(),
  Blocked: z.boolean(),
  Changed: z.boolean(),
});
export type PartnerBlockResponse = z.infer<typeof PartnerBlockResponseSchema>;
