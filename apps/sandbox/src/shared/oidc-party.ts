/**
 * A sandbox identity provider as a party (DESIGN.md §1: Twitch, Epic Games, and later the partner
 * studios' identity providers; §3 `oidc-provider`): one `oidc-provider` instance mounted under a path
 * prefix of the sandbox HTTP server, with the sandbox's own pages. For a prefix `/twitch` on a sandbox
 * reached at `http://localhost:8090`:
 *
 * - issuer `http://localhost:8090/twitch`; the provider's routes under it: `/.well-known/openid-configuration`,
 *   `/auth`, `/token`, `/me` (userinfo), `/jwks`, … (see `oidc-provider.ts` for what the provider allows
 *   and how redirect URIs are checked);
 * - `GET /twitch` → the start page (endpoints, clients, accounts); `GET /twitch/` → 308 to it;
 * - `GET /twitch/interaction/:uid` → the approve page; `POST` the same path (form `decision`, `account`,
 *   `username`) → 303 back into the provider, which redirects to the client with a code (or with
 *   `error=access_denied` for Cancel); 400 page for an unknown account or an invalid username; an
 *   expired or unknown interaction → 400 page;
 * - `GET /twitch/avatars/:id.svg` → the account's avatar (`image/svg+xml`), 404 for an unknown account;
 * - whatever `options.routes` adds (e.g. Twitch's Helix users endpoint).
 *
 * The provider is built on the first request, because the issuer needs `context.publicUrl()`. Accounts
 * live in memory: the demo ones, plus those created on the approve page (id derived from the name).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Provider } from 'oidc-provider';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { sendPage } from './layout.ts';
import {
  APPROVE_CSP,
  avatarSvg,
  renderApprovePage,
  renderErrorPage,
  renderStartPage,
  type OidcAccount,
  type OidcExtraEndpoint,
} from './oidc-pages.ts';
import {
  buildOidcProvider,
  LOOPBACK_REDIRECT_HOSTS,
  requestedClaims,
  type OidcPartyClient,
} from './oidc-provider.ts';

export type { OidcAccount, OidcExtraEndpoint } from './oidc-pages.ts';
export { loopbackRedirectUris, LOOPBACK_REDIRECT_HOSTS, type OidcPartyClient } from './oidc-provider.ts';

/** What a party's own routes (`OidcPartyOptions.routes`) may use. */
export interface OidcPartyTools {
  /** The provider (built on first use; throws before the sandbox listens). */
  provider(): Provider;
  /** The issuer URL, e.g. "http://localhost:8090/twitch". */
  issuer(): string;
  /** The account with this id (demo or created), or undefined. */
  findAccount(id: string): OidcAccount | undefined;
  /** Absolute URL of the account's avatar, e.g. "http://localhost:8090/twitch/avatars/41000001.svg". */
  avatarUrl(account: OidcAccount): string;
}

/** Options of {@link oidcParty}. */
export interface OidcPartyOptions {
  /** Path prefix and start page, e.g. "/twitch" (leading slash, no trailing slash). */
  readonly prefix: string;
  /** Name of the party, e.g. "Twitch". */
  readonly name: string;
  /** One sentence for the sandbox index page. */
  readonly description: string;
  readonly clients: readonly OidcPartyClient[];
  /** Paths a redirect URI may have (on a loopback host, any port), e.g. ["/twitch/callback"]. */
  readonly redirectPaths: readonly string[];
  readonly demoAccounts: readonly OidcAccount[];
  /** Id of a fresh account from its login (lower-case username); deterministic. */
  accountIdFor(login: string): string;
  /** What a fresh username must match, and that rule in words. */
  readonly username: { readonly pattern: RegExp; readonly rule: string };
  /** OIDC scope → the claims it releases; must include `openid`. */
  readonly scopes: Readonly<Record<string, readonly string[]>>;
  /** All claim values of an account (`sub` is added), e.g. `{ preferred_username, picture }`. */
  claims(account: OidcAccount, tools: OidcPartyTools): Record<string, unknown>;
  /** Texts of the pages: the start page's introduction. */
  readonly texts: { readonly intro: string };
  /** Endpoints added by `routes`, listed on the start page. */
  readonly extraEndpoints?: readonly OidcExtraEndpoint[];
  /** Adds the party's own routes (full paths, e.g. "/twitch/helix/users"). */
  routes?(app: FastifyInstance, tools: OidcPartyTools): void;
}

/** The first value of a form field when it is a string. */
function field(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value: unknown = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * Builds an identity-provider party (start page at `options.prefix`) for the sandbox of `context`. See
 * the module comment for the routes. `close()` has nothing to release.
 */
export function oidcParty(context: SandboxContext, options: OidcPartyOptions): SandboxParty {
  const { prefix } = options;
  const accounts = new Map(options.demoAccounts.map((account) => [account.id, account]));
  let provider: Provider | undefined;
  let callback: ReturnType<Provider['callback']> | undefined;

  const tools: OidcPartyTools = {
    issuer: () => `${context.publicUrl()}${prefix}`,
    provider: () => {
      provider ??= buildOidcProvider({
        issuer: tools.issuer(),
        prefix,
        clients: options.clients,
        redirectPaths: options.redirectPaths,
        scopes: options.scopes,
        claimsOf: (id) => {
          const account = accounts.get(id);
          return account && options.claims(account, tools);
        },
      });
      return provider;
    },
    findAccount: (id) => accounts.get(id),
    avatarUrl: (account) => `${context.publicUrl()}${prefix}/avatars/${encodeURIComponent(account.id)}.svg`,
  };

  /** Hands the raw request to the provider, with the prefix moved from `url` to `originalUrl`. */
  const mountProvider: FastifyPluginAsync = async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.all(`${prefix}/*`, async (request, reply) => {
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? prefix;
      raw.originalUrl = url;
      raw.url = url.slice(prefix.length) || '/';
      callback ??= tools.provider().callback();
      reply.hijack();
      await callback(raw, reply.raw);
    });
  };

  const approvePage = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
    form?: { error: string; username: string },
  ) => {
    const oidc = tools.provider();
    const details = await interactionOf(oidc, request, reply);
    const client = await oidc.Client.find(String(details.params.client_id));
    const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
    const page = renderApprovePage({
      partyName: options.name,
      clientName: client?.clientName ?? String(details.params.client_id),
      action: `${prefix}/interaction/${encodeURIComponent(details.uid)}`,
      scopes: scope.split(' ').filter(Boolean),
      accounts: [...accounts.values()],
      selectedId: details.session?.accountId,
      usernameRule: options.username.rule,
      username: form?.username,
      error: form?.error,
    });
    reply.header('cache-control', 'no-store');
    return sendPage(reply, page, form ? 400 : 200);
  };

  /** Applies the decision of the approve form and returns where the browser goes next. */
  const decide = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ): Promise<string | { error: string }> => {
    const oidc = tools.provider();
    const details = await interactionOf(oidc, request, reply);
    if (field(request.body, 'decision') === 'cancel') {
      const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in' };
      return oidc.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    }
    const username = (field(request.body, 'username') ?? '').trim();
    let account: OidcAccount | undefined;
    if (username !== '') {
      if (!options.username.pattern.test(username))
        return { error: `Invalid username. ${options.username.rule}` };
      const login = username.toLowerCase();
      const id = options.accountIdFor(login);
      account = accounts.get(id) ?? { id, login, displayName: username };
      accounts.set(id, account);
    } else {
      account = accounts.get(field(request.body, 'account') ?? '');
      if (!account) return { error: 'Choose an account or type a username.' };
    }
    if (details.session && details.session.accountId !== account.id) {
      // Switching account: forget the provider session of the previous one instead of asking to log out.
      await (await oidc.Session.findByUid(details.session.uid))?.destroy();
      delete details.session;
      await details.persist();
    }
    const grant = new oidc.Grant({ accountId: account.id, clientId: String(details.params.client_id) });
    const requested = new Set(String(details.params.scope ?? '').split(' '));
    grant.addOIDCScope(Object.keys(options.scopes).filter((scope) => requested.has(scope)));
    grant.addOIDCClaims(requestedClaims(details.params.claims));
    const grantId = await grant.save();
    const result = { login: { accountId: account.id }, consent: { grantId } };
    return oidc.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  };

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(mountProvider);
    const approveCsp = {
      onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        reply.header('content-security-policy', APPROVE_CSP);
        return payload;
      },
      errorHandler: async (
        error: Error & { statusCode?: number; error_description?: string },
        _request: FastifyRequest,
        reply: FastifyReply,
      ) =>
        sendPage(
          reply,
          renderErrorPage(options.name, error.error_description ?? error.message),
          error.statusCode ?? 500,
        ),
    };
    app.get<{ Params: { uid: string } }>(`${prefix}/interaction/:uid`, approveCsp, (request, reply) =>
      approvePage(request, reply),
    );
    app.post<{ Params: { uid: string } }>(
      `${prefix}/interaction/:uid`,
      approveCsp,
      async (request, reply) => {
        const next = await decide(request, reply);
        if (typeof next === 'string') return reply.redirect(next, 303);
        return approvePage(request, reply, { ...next, username: field(request.body, 'username') ?? '' });
      },
    );
    app.get<{ Params: { file: string } }>(`${prefix}/avatars/:file`, async (request, reply) => {
      const id = request.params.file.replace(/\.svg$/, '');
      const account = request.params.file.endsWith('.svg') ? accounts.get(id) : undefined;
      if (!account) return reply.code(404).send({ error: 'unknown account' });
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(avatarSvg(account));
    });
    app.get(`${prefix}/`, async (_request, reply) => reply.redirect(prefix, 308));
    app.get(prefix, async (_request, reply) =>
      sendPage(
        reply.header('cache-control', 'no-store'),
        renderStartPage({
          name: options.name,
          intro: options.texts.intro,
          issuer: tools.issuer(),
          clients: options.clients,
          redirectRule: `Redirect URIs: http on ${LOOPBACK_REDIRECT_HOSTS.join(' or ')}, any port, path ${options.redirectPaths.join(' or ')}.`,
          scopes: options.scopes,
          accounts: [...accounts.values()],
          avatarUrl: tools.avatarUrl,
          extraEndpoints: (options.extraEndpoints ?? []).map((item) => ({
            ...item,
            url: item.url.startsWith('/') ? `${context.publicUrl()}${item.url}` : item.url,
          })),
        }),
      ),
    );
    options.routes?.(app, tools);
  };

  return {
    name: options.name,
    path: prefix,
    description: options.description,
    plugin,
    close: async () => {},
  };
}

/**
 * The interaction of the browser's interaction cookie, which must be the one named in the path; throws
 * oidc-provider's `SessionNotFound` (HTTP 400) otherwise or when it has expired.
 */
async function interactionOf(
  oidc: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
) {
  const details = await oidc.interactionDetails(request.raw, reply.raw);
  if (details.uid !== request.params.uid) {
    throw new errors.SessionNotFound('this page belongs to another sign-in request');
  }
  return details;
}
