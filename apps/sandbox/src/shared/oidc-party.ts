/**
 * A sandbox identity provider as a party (DESIGN.md §1: Twitch, Epic Games, and the partner studios'
 * identity providers; §3 `oidc-provider`): one `oidc-provider` instance mounted under a path
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
 *   expired or unknown interaction → 400 page. A party with `options.signIn` (e.g. the partner studios'
 *   login form) shows its own page there instead, and decides its posts (400 with the page on refusal);
 * - `GET /twitch/avatars/:id.svg` → the account's avatar (`image/svg+xml`), 404 for an unknown account;
 * - whatever `options.routes` adds (e.g. Twitch's Helix users endpoint).
 *
 * The provider is built on the first request, because the issuer needs `context.publicUrl()`. Accounts
 * live in memory: the demo ones, plus those created on the approve page (id derived from the name) or
 * signed in by `options.signIn`.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { SandboxContext, SandboxParty } from '../party.ts';
import type { SafeHtml } from './html.ts';
import { sendPage } from './layout.ts';
import {
  APPROVE_CSP,
  avatarSvg,
  renderApprovePage,
  renderErrorPage,
  renderStartPage,
  type OidcAccount,
  type OidcExtraEndpoint,
  type OidcFormFailure,
  type OidcFormFields,
  type OidcSignIn,
  type OidcSignInOutcome,
} from './oidc-pages.ts';
import {
  buildOidcProvider,
  endInteraction,
  interactionOf,
  LOOPBACK_REDIRECT_HOSTS,
  type OidcPartyClient,
} from './oidc-provider.ts';

export type {
  OidcAccount,
  OidcExtraEndpoint,
  OidcFormFailure,
  OidcFormFields,
  OidcInteractionPage,
  OidcSignIn,
  OidcSignInOutcome,
} from './oidc-pages.ts';
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
  avatarUrl: (account: OidcAccount) => string;
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
  /** Id of a fresh account from its login (lower-case username); deterministic. Approve page only. */
  accountIdFor(login: string): string;
  /** What a fresh username on the approve page must match, and that rule in words. */
  readonly username: { readonly pattern: RegExp; readonly rule: string };
  /** OIDC scope → the claims it releases; must include `openid`. */
  readonly scopes: Readonly<Record<string, readonly string[]>>;
  /** All claim values of an account (`sub` is added), e.g. `{ preferred_username, picture }`. */
  claims(account: OidcAccount, tools: OidcPartyTools): Record<string, unknown>;
  /** Texts of the pages: the start page's introduction, and notes after its accounts table. */
  readonly texts: { readonly intro: string; readonly accountNotes?: SafeHtml };
  /**
   * The party's own sign-in page instead of the approve page (account chooser), e.g. a login form; the
   * accounts it signs in are added to the party's accounts (claims, start page, avatars).
   */
  readonly signIn?: OidcSignIn;
  /**
   * The studio's sign-on cookie on the main domain (spec §4 Logout "the partner cookie named in the
   * response"): set on each sign-in, Path=/ and readable by scripts, so that the studio's sites (the
   * portal's log-out) can clear it.
   */
  readonly ssoCookie?: string;
  /** Endpoints added by `routes`, listed on the start page. */
  readonly extraEndpoints?: readonly OidcExtraEndpoint[];
  /** Adds the party's own routes (full paths, e.g. "/twitch/helix/users"). */
  routes?(app: FastifyInstance, tools: OidcPartyTools): void;
}

/** The posted form's fields, first value of each, strings only. */
function formFields(body: unknown): OidcFormFields {
  if (body === null || typeof body !== 'object') return {};
  const fields: Partial<Record<string, string>> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
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

  type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;
  const interaction = (request: InteractionRequest, reply: FastifyReply) =>
    interactionOf(tools.provider(), request.raw, reply.raw, request.params.uid);

  /** The approve page (or `options.signIn`'s page); with `failure`, again after a refused post (400). */
  const interactionPage = async (
    request: InteractionRequest,
    reply: FastifyReply,
    failure?: OidcFormFailure,
  ) => {
    const details = await interaction(request, reply);
    const client = await tools.provider().Client.find(String(details.params.client_id));
    const scope = typeof details.params.scope === 'string' ? details.params.scope : 'openid';
    const common = {
      partyName: options.name,
      clientName: client?.clientName ?? String(details.params.client_id),
      action: `${prefix}/interaction/${encodeURIComponent(details.uid)}`,
      scopes: scope.split(' ').filter(Boolean),
    };
    const page = options.signIn
      ? options.signIn.render({ ...common, failure })
      : renderApprovePage({
          ...common,
          accounts: [...accounts.values()],
          selectedId: details.session?.accountId,
          usernameRule: options.username.rule,
          username: failure?.form.username,
          error: failure?.error,
        });
    reply.header('cache-control', 'no-store');
    return sendPage(reply, page, failure ? 400 : 200);
  };

  /** The approve page's decision (form `decision`, `account`, `username`). */
  const chooseAccount = (form: OidcFormFields): OidcSignInOutcome => {
    if (form.decision === 'cancel') return { cancel: true };
    const username = (form.username ?? '').trim();
    if (username === '') {
      const account = accounts.get(form.account ?? '');
      return account ? { account } : { error: 'Choose an account or type a username.' };
    }
    if (!options.username.pattern.test(username))
      return { error: `Invalid username. ${options.username.rule}` };
    const login = username.toLowerCase();
    const id = options.accountIdFor(login);
    return { account: accounts.get(id) ?? { id, login, displayName: username } };
  };

  /** Applies a posted interaction form; returns where the browser goes next, or the refusal. */
  const decide = async (
    request: InteractionRequest,
    reply: FastifyReply,
  ): Promise<string | OidcFormFailure> => {
    const details = await interaction(request, reply);
    const form = formFields(request.body);
    const outcome = await (options.signIn ? options.signIn.decide(form) : chooseAccount(form));
    if ('error' in outcome) return { error: outcome.error, form };
    const account = 'account' in outcome ? outcome.account : undefined;
    if (account) accounts.set(account.id, account);
    if (account && options.ssoCookie) {
      // Host-only on the main domain (every port of it), readable by the studio's sites' scripts.
      // Appended on the raw response: the provider adds its own cookies there too.
      reply.raw.appendHeader(
        'set-cookie',
        `${options.ssoCookie}=${encodeURIComponent(account.id)}; Path=/; SameSite=Lax`,
      );
    }
    const scopes = Object.keys(options.scopes);
    return endInteraction(tools.provider(), request.raw, reply.raw, details, account?.id, scopes);
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
      interactionPage(request, reply),
    );
    app.post<{ Params: { uid: string } }>(
      `${prefix}/interaction/:uid`,
      approveCsp,
      async (request, reply) => {
        const next = await decide(request, reply);
        if (typeof next === 'string') return reply.redirect(next, 303);
        return interactionPage(request, reply, next);
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
          accountNotes: options.texts.accountNotes,
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
