/**
 * The consent page's calls (issue 21 §3; consent.ts), on the portal's origin next to the provider's
 * interaction (its cookie is scoped to `/oidc/interaction/:uid`), without api key or bearer: the portal
 * session's identity cookie says who the player is.
 * - GET /oidc/interaction/:uid/details → 200 `ConsentDetails` (contracts);
 * - POST /oidc/interaction/:uid/consent, JSON `ConsentDecision` → 200 `ConsentAnswer` `{ RedirectUri }`.
 * Both answer `Cache-Control: no-store`; errors are the spec §8 body: 400 ERROR_REQUEST_INVALID (no such
 * pending interaction in this browser, a body that is not `{ "Approve": boolean }`), 401
 * ERROR_UNAUTHORIZED (no portal session), 403 ERROR_FORBIDDEN (another player's interaction, or a
 * decision from another origin).
 *
 * Cross-site requests (CSRF): the decision is a state-changing POST authenticated by cookies alone, so it
 * is accepted only when (1) its `Origin` is the portal's own (`PUBLIC_URL`'s origin; browsers send Origin
 * on every POST, and a page elsewhere cannot forge it) and (2) it is `application/json`, a content type an
 * HTML form cannot send and a script elsewhere can only send after a CORS preflight, which this origin
 * never grants. The cookies add their own limits (the identity cookie is `SameSite=Strict`, the
 * interaction cookie `Lax`). The api key header would not do: it is public (runtime configuration).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { ConsentAnswerSchema, ConsentDecisionSchema, ConsentDetailsSchema } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { consentDetailsOf, decideConsent } from './consent.ts';
import { OIDC_PATH } from './issuer.ts';

/** The interaction's uid in the path (oidc-provider's are 21 url-safe characters). */
const ParamsSchema = z.object({ uid: z.string().min(1).max(128) });

/**
 * Refuses a decision that may come from another site (see the module comment).
 * @throws 403 ERROR_FORBIDDEN when `Origin` is missing or not the portal's
 * @throws 400 ERROR_REQUEST_INVALID when the body is not JSON
 */
function refuseCrossSite(ctx: AppContext, request: FastifyRequest): void {
  if (request.headers.origin !== new URL(ctx.config.publicUrl).origin) throw forbidden();
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw badRequest('ERROR_REQUEST_INVALID');
}

/**
 * Registers the consent calls on `app` (the root: they are the provider's, outside /api).
 * @param provider the provider of now (routes.ts rebuilds it when its keys change)
 */
export async function consentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: () => Promise<Provider>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${OIDC_PATH}/interaction/:uid/details`,
    { schema: { hide: true, params: ParamsSchema, response: { 200: ConsentDetailsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return consentDetailsOf(ctx, await provider(), request, reply);
    },
  );
  r.post(
    `${OIDC_PATH}/interaction/:uid/consent`,
    {
      // The cross-site checks come before the body is read or validated.
      onRequest: (request, _reply, done) => {
        try {
          refuseCrossSite(ctx, request);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      schema: {
        hide: true,
        params: ParamsSchema,
        body: ConsentDecisionSchema,
        response: { 200: ConsentAnswerSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return decideConsent(ctx, await provider(), request, reply, request.body.Approve);
    },
  );
}
