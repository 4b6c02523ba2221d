/**
 * The players as the OpenID Provider sees them (oidc-provider `findAccount`; OIDC Core §5.1 standard
 * claims, §5.4 scope claims, §5.1.2 additional claims). The account id, the `sub` claim, is the player's
 * public id (`Id_User`). A player who no longer exists or is banned has no account: their tokens stop
 * working at userinfo and refresh.
 *
 * Claims by scope ({@link SCOPE_CLAIMS}):
 * - `openid`: `sub`;
 * - `profile`: `preferred_username` and `name` (the Username), `picture` (the avatar, an absolute URL
 *   against MEDIA_URL); and ours, named in the OIDC style: `titles` (the player's titles, an
 *   array), `badges` (`[{ name, awarded_at }]`, spec §1 Profiler Badge) and `steam_id` (the SteamID64 of
 *   the linked Steam account, only when one is linked);
 * - `email`: `email`, `email_verified` (the address was confirmed, spec §4).
 */
import type { Account, AccountClaims } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { loadConnections, loadUser } from '../profile/index.ts';

/** The claims each scope releases (oidc-provider `claims` configuration). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['preferred_username', 'name', 'picture', 'titles', 'badges', 'steam_id'],
  email: ['email', 'email_verified'],
} as const;

/** The titles of a `users.titles` value (`Veteran;Explorer`), in order, blanks left out. */
function titlesOf(titles: string | null): string[] {
  return (titles ?? '')
    .split(';')
    .map((title) => title.trim())
    .filter(Boolean);
}

/**
 * The account of player `sub` (their public id), or undefined when they do not exist or are banned.
 * Its `claims()` reads the player afresh each time (a change of username shows at the next userinfo);
 * oidc-provider keeps only the claims of the granted scopes.
 */
export async function findAccount(ctx: AppContext, sub: string): Promise<Account | undefined> {
  const row = await findUserByIdUser(ctx.db, sub);
  if (!row || row.banned_at) return undefined;
  return {
    accountId: sub,
    async claims(): Promise<AccountClaims> {
      const user = await loadUser(ctx, row.id, false);
      const steam = (await loadConnections(ctx, row.id)).find(
        (connection) => connection.CanonicalName === 'steam' && connection.IsLinked,
      );
      return {
        sub,
        preferred_username: user.Username,
        name: user.Username,
        picture: user.AvatarUrl ? new URL(user.AvatarUrl, `${ctx.config.mediaUrl}/`).href : undefined,
        titles: titlesOf(user.Titles),
        badges: user.Badges.map((badge) => ({ name: badge.Name, awarded_at: badge.AwardedAt })),
        ...(steam?.Id_Account ? { steam_id: steam.Id_Account } : {}),
        email: user.Email,
        email_verified: row.email_confirmed_at !== null,
      };
    },
  };
}
