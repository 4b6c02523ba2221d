/**
 * GET profile/user/{id}?include=Block, GET profile/connects, POST profile/user/{userId}/update-username,
 * POST profile/user/{userId}/update-email (spec §7; §3 User, Connection; §2 Update username, Update
 * email) and POST profile/user/{userId}/update-locale (the saved language, issue 19 §7).
 * A player reads and changes only their own profile (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { type Connection, ENDPOINTS, titleName, type User } from '@guildgate/contracts';
import { requestLocale, savedLocale } from '../../lib/locale.ts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { updateUsername } from './username.ts';
import { saveLocale } from './locale.ts';
import { requestEmailUpdate } from '../email/update.ts';
import { loadBadges } from '../survey/service.ts';

/**
 * The spec's User of `userId` (spec §3 User), with its blocked players when `withBlocks` and always its
 * badges, oldest first (`Badges`, the survey's Profiler Badge), and its saved language (`Locale`).
 * @throws 404 ERROR_NOT_FOUND when the player no longer exists
 */
export async function loadUser(ctx: AppContext, userId: number, withBlocks: boolean): Promise<User> {
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const blocks = withBlocks
    ? await ctx.db
        .selectFrom('blocks')
        .innerJoin('users as blocked', 'blocked.id', 'blocks.blocked_user_id')
        .select(['blocked.id_user', 'blocked.username', 'blocked.avatar_url'])
        .where('blocks.user_id', '=', userId)
        .orderBy('blocked.username')
        .execute()
    : [];
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
  const rows = await ctx.db
    .selectFrom('connection_providers as p')
    .leftJoin('user_connections as c', (join) =>
      join.onRef('c.provider_id', '=', 'p.id').on('c.user_id', '=', userId),
    )
    .select([
      'p.id',
      'p.canonical_name',
      'p.name',
      'p.icon',
      'c.account_id',
      'c.connect_name',
      'c.avatar',
      'c.last_check',
    ])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    Id_Account: r.account_id ?? null,
    CanonicalName: r.canonical_name as Connection['CanonicalName'],
    IsLinked: r.account_id !== null && r.account_id !== undefined,
    Name: r.name,
    ConnectName: r.connect_name ?? null,
    Avatar: r.avatar ?? null,
    Icon: r.icon,
    LastCheck: r.last_check ?? null,
  }));
}

/** Registers the profile routes on the /api scope. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.getProfileUser, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      void reply.header('cache-control', 'no-store');
      const include = (request.query.include ?? '').split(',').map((s) => s.trim().toLowerCase());
      return loadUser(ctx, auth.userId, include.includes('block'));
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateUsername, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await updateUsername(ctx, auth.userId, request.body.Username, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateLocale, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request, request.params.id);
      await saveLocale(ctx, auth.userId, request.body.Locale);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postProfileUserUpdateEmail, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await requestEmailUpdate(ctx, auth, request.body, request.ip, requestLocale(request));
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.getProfileConnects, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      void reply.header('cache-control', 'no-store');
      return loadConnections(ctx, auth.userId);
    },
  });
}
