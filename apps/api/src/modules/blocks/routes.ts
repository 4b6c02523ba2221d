/**
 * Blocked users: POST unblock for the logged-in player (spec §7 "POST unblock | userBlockedId,
 * bearer"; §2 Blocked users; §6), and the partner sites' server-to-server calls POST blocks and
 * DELETE blocks/{userId}/{userBlockedId}, authenticated with OAuth client credentials over HTTP
 * Basic instead of `x-api-key` and a bearer (docs/partner-api.md). The blocks are read back through
 * GET profile/user/{id}?include=Block (modules/profile).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { clientAuth, partnerClientOf } from '../../plugins/client-auth.ts';
import { blockForPartner, unblockForPartner, unblockForPlayer } from './service.ts';

/**
 * Registers the block routes on the /api scope:
 * - POST unblock `{ userBlockedId }` + player bearer → 200 `{ Success: true }`; 400
 *   ERROR_USER_NOT_BLOCKED / ERROR_FIELD_INVALID; 401 without a valid player token.
 * - POST blocks `{ userId, userBlockedId }` + Basic client credentials → 201 (new) or 200 (already
 *   blocked) `{ Success, Blocked: true, Changed }`; 400 ERROR_BLOCK_SELF / ERROR_USER_UNKNOWN /
 *   ERROR_FIELD_INVALID; 401 ERROR_UNAUTHORIZED with `WWW-Authenticate: Basic`.
 * - DELETE blocks/{userId}/{userBlockedId} + Basic client credentials → 200 `{ Success, Blocked:
 *   false, Changed }`; same 400 and 401 answers.
 */
export async function blocksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);
  const partner = clientAuth(ctx);

  endpointRoute(r, ENDPOINTS.postUnblock, {
    onRequest: user,
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      await unblockForPlayer(ctx, auth.userId, request.body.userBlockedId, request.ip);
      void reply.header('cache-control', 'no-store');
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postBlocks, {
    // Partner servers authenticate with their client credentials, not with an api key.
    config: { public: true },
    onRequest: partner,
    handler: async (request, reply) => {
      const client = partnerClientOf(request);
      const result = await blockForPartner(ctx, client.clientId, request.body, request.ip);
      void reply.header('cache-control', 'no-store').code(result.Changed ? 201 : 200);
      return result;
    },
  });

  endpointRoute(r, ENDPOINTS.deleteBlocks, {
    config: { public: true },
    onRequest: partner,
    handler: async (request, reply) => {
      const client = partnerClientOf(request);
      const result = await unblockForPartner(ctx, client.clientId, request.params, request.ip);
      void reply.header('cache-control', 'no-store');
      return result;
    },
  });
}
