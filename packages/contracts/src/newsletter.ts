/**
 * Newsletter calls (spec §2 Newsletter, /unsubscribe; §3 Newsletter opt-in; §7 GET newsletter, POST
 * newsletter/optin-user) and the signed unsubscribe link of newsletter e-mails (docs/account-data.md).
 */
import { z } from 'zod';
import { Flag, Text } from './common.ts';

/**
 * spec §3 Newsletter opt-in: one list and whether the player receives it. `ListName` is in the caller's
 * language (Accept-Language, else the player's saved locale, else English; see locale.ts).
 */
export const OptInSchema = z.object({
  ListId: z.number().int(),
  ListName: z.string(),
  IsOptIn: z.boolean(),
});
export type OptIn = z.infer<typeof OptInSchema>;

/** Answer of GET newsletter. `IsG2GOptIn`: the player's general marketing consent (register's G2GSegaOptin). */
export const NewsletterResponseSchema = z.object({
  OptInList: z.array(OptInSchema),
  IsG2GOptIn: z.boolean(),
});
export type NewsletterResponse = z.infer<typeof NewsletterResponseSchema>;

/**
 * POST newsletter/optin-user: subscribe (`IsOptIn`) or leave list `ListId`. `IsG2GOptIn` is the
 * general consent the player holds while subscribed to at least one list.
 */
export const OptInRequestSchema = z.object({
  ListId: z.number().int().min(1).max(2_147_483_647),
  IsOptIn: z.boolean(),
  IsG2GOptIn: Flag,
});
export type OptInRequest = z.infer<typeof OptInRequestSchema>;

/** POST newsletter/unsubscribe: the `token` of a signed unsubscribe link (/unsubscribe?token=…). */
export const UnsubscribeRequestSchema = z.object({ Token: Text });
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequestSchema>;
