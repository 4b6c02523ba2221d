/**
 * Mounts the OpenID Provider (provider.ts) in the Fastify app (issue 21):
 * - everything under `/oidc/` (discovery `/oidc/.well-known/openid-configuration`, OIDC Discovery §4;
 *   `jwks`, `auth`, `token`, `me` — userinfo, `token/introspection`, `token/revocation`,
 *   `session/end`, …) is handed to the provider's own request handler on the raw Node request and
 *   response (`reply.hijack()`); the provider parses its own bodies, so that scope has no body parser of
 *   its own (a catch-all that leaves the stream unread);
 * - discovery also at `/.well-known/openid-configuration` on the API origin (the issuer's path-less
 *   location many clients try first), answered by the provider as the `/oidc` one;
 * - `GET /oidc/interaction/:uid`, the portal's interaction (interaction.ts), and the consent page's calls
 *   `GET /oidc/interaction/:uid/details` and `POST /oidc/interaction/:uid/consent` (consent-routes.ts,
 *   in a scope of their own with Fastify's JSON parser);
 * - failed client authentications counted per IP, and refused when too many (throttle.ts);
 * - the end of a player's portal sessions (`ctx.signOuts`: log-out, password or e-mail change, ban,
 *   deletion) ends their provider sessions and sends the back-channel logout tokens (backchannel.ts).
 *
 * Proxies: the provider reads the scheme and host of its endpoint URLs and cookies' `Secure` from
 * `X-Forwarded-Proto` / `X-Forwarded-Host`, which are set here from Fastify's own reading of the request —
 * so exactly the proxies of TRUST_PROXY are believed, as everywhere else in the app.
 *
 * The provider itself is the node's {@link OidcEngine} (engine.ts), shared with the spec's calls.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endProviderSessionsOnSignOut } from './backchannel.ts';
import { consentRoutes } from './consent-routes.ts';
import { handleInteraction } from './interaction.ts';
import type { OidcEngine } from './engine.ts';
import { refuseSecretGuessing } from './throttle.ts';
import { OIDC_PATH } from './issuer.ts';
import { hijackKeepingHeaders } from '../../plugins/security.ts';

/** Discovery's path under the issuer and on the API origin (OIDC Discovery §4.1). */
const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** The headers the provider would believe from a client; set here from Fastify's trusted reading. */
const FORWARDED_HEADERS = ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for'] as const;

/**
 * Registers the provider's routes on `app` (the root, not the `/api` scope: the provider's endpoints
 * carry no `x-api-key`), answered by `engine`'s provider of the moment.
 */
export async function oidcRoutes(app: FastifyInstance, ctx: AppContext, engine: OidcEngine): Promise<void> {
  const provider = () => engine.current();

  // The end of a player's portal sessions ends their provider sessions, with back-channel log-out
  // (backchannel.ts).
  endProviderSessionsOnSignOut(ctx, async () => (await provider()).provider);

  /** Hands `request` to the provider as a request for `path` (under the issuer's path). */
  const handOver = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (request.method === 'POST') await refuseSecretGuessing(ctx, path, request.ip);
    const { callback } = await provider();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const query = raw.url?.includes('?') ? raw.url.slice(raw.url.indexOf('?')) : '';
    for (const header of FORWARDED_HEADERS) Reflect.deleteProperty(raw.headers, header);
    raw.headers['x-forwarded-proto'] = request.protocol;
    raw.headers['x-forwarded-host'] = request.host;
    raw.headers['x-forwarded-for'] = request.ip;
    raw.originalUrl = `${OIDC_PATH}${path}${query}`;
    raw.url = `${path}${query}`;
    hijackKeepingHeaders(reply);
    await callback(raw, reply.raw);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Left out of /api/docs (the spec's calls): the provider describes itself in its discovery document.
    const hidden = { schema: { hide: true } };
    scope.get<{ Params: { uid: string } }>(`${OIDC_PATH}/interaction/:uid`, hidden, async (request, reply) =>
      handleInteraction(ctx, (await provider()).provider, request, reply),
    );
    scope.all(`${OIDC_PATH}/*`, hidden, (request, reply) =>
      handOver(request, reply, request.url.slice(OIDC_PATH.length).split('?')[0] ?? '/'),
    );
    scope.get(DISCOVERY_PATH, hidden, (request, reply) => handOver(request, reply, DISCOVERY_PATH));
  });
  await app.register(async (scope) => consentRoutes(scope, ctx, async () => (await provider()).provider));
}
