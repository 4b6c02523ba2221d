/**
 * The linking routes (spec §7 Linking): Steam over OpenID 2.0 (steam/routes.ts), Twitch and Epic Games
 * over OAuth 2.0 + OpenID Connect (oidc/routes.ts). GET profile/connects lives with the profile.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { oidcLinkRoutes } from './oidc/routes.ts';
import { steamRoutes } from './steam/routes.ts';

/** Registers every linking route on the /api scope. */
export async function linkingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await steamRoutes(app, ctx);
  await oidcLinkRoutes(app, ctx);
}
