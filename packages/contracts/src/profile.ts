/**
 * Profile and connection shapes (spec §3 User, Connection; §7 GET profile/user/{id}, GET profile/connects).
 */
import { z } from 'zod';
import { IsoDate } from './common.ts';
import { BadgeSchema } from './survey.ts';
import { LocaleSchema } from './locale.ts';

/** spec §3 User.Blocks item. */
export const BlockedUserSchema = z.object({ Id: z.string(), Username: z.string(), AvatarUrl: z.string() });
export type BlockedUser = z.infer<typeof BlockedUserSchema>;

/** spec §3 User — answer of GET profile/user/{id}?include=Block. */
export const UserSchema = z.object({
  Id: z.number().int(),
  Id_User: z.string(),
  Username: z.string(),
  Email: z.string(),
  AvatarUrl: z.string(),
  /** Semicolon-separated titles. */
  Titles: z.string(),
  /** The titles joined with spaces. */
  TitleName: z.string(),
  CreatedAt: IsoDate,
  IsCookiePopupSeen: z.boolean(),
  AuthPartner: z.string().nullable(),
  AuthType: z.number().int(),
  SteamCheck: z.boolean(),
  Blocks: z.array(BlockedUserSchema),
  /** The badges the player earned, oldest first (the Profiler Badge of the survey, spec §2 Survey). */
  Badges: z.array(BadgeSchema),
  /**
   * The player's saved language (issue 19 §7): set at registration from the request's language, then by
   * POST profile/user/{userId}/update-locale; null when never known. E-mails use it first.
   */
  Locale: LocaleSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** GET profile/user/{id} query. */
export const ProfileQuerySchema = z.object({ include: z.string().max(64).optional() });

/** spec §3 Connection CanonicalName values. */
export const CONNECTION_NAMES = ['steam', 'twitch', 'epic-games', 'game-pass'] as const;
export const ConnectionNameSchema = z.enum(CONNECTION_NAMES);

/** spec §3 Connection — one row of GET profile/connects. */
export const ConnectionSchema = z.object({
  Id: z.number().int(),
  Id_Account: z.string().nullable(),
  CanonicalName: ConnectionNameSchema,
  IsLinked: z.boolean(),
  Name: z.string(),
  ConnectName: z.string().nullable(),
  Avatar: z.string().nullable(),
  Icon: z.string(),
  LastCheck: IsoDate.nullable(),
});
export type Connection = z.infer<typeof ConnectionSchema>;
export const ConnectionsResponseSchema = z.array(ConnectionSchema);

/**
 * spec §2 My information: the first character, then dots, then the part from just before the @.
 * `player@example.com` → `p•••r@example.com`. Strings without '@' are masked entirely.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•'.repeat(Math.max(email.length, 3));
  if (at === 1) return `${email[0]}•••${email.slice(at)}`;
  return `${email[0]}•••${email.slice(at - 1)}`;
}

/** spec §3 User TitleName: semicolon-separated titles joined with spaces. */
export function titleName(titles: string): string {
  return titles
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(' ');
}
