/**
 * The route options every `/api/admin/…` call shares (issue 24; docs/security.md "Staff and the admin
 * API"): `Cache-Control: no-store` on every answer (refusals included), the per-IP sensitive rate
 * limit, then the staff guard (guard.ts) with the call's permission. Every admin routes file spreads
 * {@link adminRoute} into its `endpointRoute` options.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffPermission } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { staffAuth } from './guard.ts';

/** `onRequest` hook: the answer is never stored by a cache (console data is personal). */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/**
 * The options of an admin route needing `permission` (none: any staff role): no-store, the per-IP limit,
 * then the guard. The guard runs in `preParsing` — still before the body is read — because
 * @fastify/rate-limit appends its check after a route's own `onRequest` hooks: refused calls (a
 * player's token probing the console) count against the limit too.
 * @returns `config`, `onRequest` and `preParsing` to spread into the route's options
 */
export function adminRoute(ctx: AppContext, permission?: StaffPermission) {
  return {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: [noStore],
    preParsing: [staffAuth(ctx, permission)],
  };
}
