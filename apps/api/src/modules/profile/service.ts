/**
 * The profile's reads (spec §3 User, Connection; §7 GET profile/user/{id}?include=Block, GET
 * profile/connects): the player as the spec's User, with blocks, badges and saved language, and their
 * connections.
 */
import { titleName, type Connection, type User } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { savedLocale } from '../../lib/locale.ts';
import { findUserById } from '../accounts/index.ts';
import { loadBadges } from '../survey/index.ts';
import { findBlockedPlayers, findProviderConnections } from './store.ts';

/**
 * The spec's User of `userId` (spec §3 User), with its blocked players when `withBlocks` and always its
 * badges, oldest first (`Badges`, the survey's Profiler Badge), and its saved language (`Locale`).
 * @throws 404 ERROR_NOT_FOUND when the player no longer exists
 */
export async function loadUser(ctx: AppContext, userId: number, withBlocks: boolean): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const blocks = withBlocks ? await findBlockedPlayers(ctx.db, userId) : [];
  const badges = await loadBadges(ctx.db, userId);
  return {
    Id: user.id,
    Id_User: user.id_user,
    Username: user.username,
    Email: user.email,
    AvatarUrl: user.avatar_url,
    Titles: user.titles,
    TitleName: titleName(user.titles),
    CreatedAt: user.created_at,
    IsCookiePopupSeen: user.is_cookie_popup_seen === 1,
    AuthPartner: user.auth_partner,
    AuthType: user.auth_type,
    SteamCheck: user.steam_check === 1,
    Blocks: blocks.map((b) => ({ Id: b.id_user, Username: b.username, AvatarUrl: b.avatar_url })),
    Badges: badges,
    Locale: savedLocale(user.locale),
  };
}

/** Every connection provider, with the player's link where one exists. */
export async function loadConnections(ctx: AppContext, userId: number): Promise<Connection[]> {
  const rows = await findProviderConnections(ctx.db, userId);
  return rows.map((r) => ({
    Id: r.id,
    Id_Account: r.account_id,
    CanonicalName: r.canonical_name as Connection['CanonicalName'],
    IsLinked: r.account_id !== null,
    Name: r.name,
    ConnectName: r.connect_name,
    Avatar: r.avatar,
    Icon: r.icon,
    LastCheck: r.last_check,
  }));
}
