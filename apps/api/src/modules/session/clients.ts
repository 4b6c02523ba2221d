/**
 * OAuth clients known to the hub (spec §1 Single sign-on). The portal is itself a client
 * (`PORTAL_CLIENT_ID`); partner sites are registered in `oauth_clients`.
 */
import type { AppContext } from '../../context.ts';

/**
 * The client a player came through (recorded on a new player, `users.client_id`): `requested` when
 * registered, else the portal's own client. Sessions opened at the portal are always the portal's.
 */
export async function resolveClientId(
  ctx: AppContext,
  requested: string | null | undefined,
): Promise<string> {
  if (!requested || requested === ctx.config.portalClientId) return ctx.config.portalClientId;
  const row = await ctx.db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_id', '=', requested)
    .executeTakeFirst();
  return row ? row.client_id : ctx.config.portalClientId;
}
