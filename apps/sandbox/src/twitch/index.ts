/**
 * The Twitch stand-in party (DESIGN.md §1 "Twitch and Epic Games (OAuth 2.0 / OIDC authorize, token,
 * user-info)"; spec §7 `GET twitch/auth`, `POST twitch/callback` with callback path `/twitch/callback`):
 * an OpenID Connect provider built with `oidc-provider` (see `../shared/oidc-party.ts`), issuer
 * `<sandbox public URL>/twitch`, plus a Helix-like users endpoint. Routes (besides the provider's own under
 * `/twitch`: `/.well-known/openid-configuration`, `/auth`, `/token`, `/me`, `/jwks`):
 * - `GET /twitch` → start page; `GET /twitch/interaction/:uid` → approve page;
 * - `GET /twitch/avatars/<id>.svg` → the user's avatar;
 * - `GET /twitch/helix/users` with `Authorization: Bearer <access token>` and `Client-Id: <client id>` →
 *   `{ data: [{ id, login, display_name, type, broadcaster_type, description, profile_image_url,
 *   offline_image_url, view_count, created_at }] }` for the token's user (also `email` when the token has
 *   the `user:read:email` scope); 401 `{ error, status, message }` without a valid token or when
 *   `Client-Id` is not the token's client, as Twitch does.
 *
 * Clients (fixed, like the reCAPTCHA keys) accept redirect URIs `http://localhost:<any port>/twitch/callback`
 * and `http://127.0.0.1:<any port>/twitch/callback`. Claims: `sub` (user id), `preferred_username`
 * (display name), `picture` (avatar URL), in the ID token and at userinfo. Scopes: `openid`,
 * `user:read:email`.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { oidcParty, type OidcAccount, type OidcPartyTools } from '../shared/oidc-party.ts';

/** Client id → secret: `local` for a developer's machine, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_TWITCH_CLIENTS = {
  'guildgate-local-twitch': 'guildgate-local-twitch-secret',
  'guildgate-e2e-twitch': 'guildgate-e2e-twitch-secret',
  'guildgate-test-twitch': 'guildgate-test-twitch-secret',
} as const;

/** Path a client's redirect URI must have (spec §7 callback path). */
export const TWITCH_CALLBACK_PATH = '/twitch/callback';

/** Path prefix of the party, and of its issuer. */
export const TWITCH_PREFIX = '/twitch';

/** Users one can sign in as without typing anything. */
export const TWITCH_DEMO_ACCOUNTS: readonly OidcAccount[] = [
  { id: '41000001', login: 'sandboxstreamer', displayName: 'SandboxStreamer' },
  { id: '41000002', login: 'pixelqueen', displayName: 'PixelQueen' },
];

/** Creation date reported by Helix for every sandbox user. */
const CREATED_AT = '2020-01-01T00:00:00Z';

/**
 * Numeric user id of a fresh login (lower case): 9 digits derived from the SHA-256 of the login, so the
 * same name always gives the same id and never one of the 8-digit demo ids.
 */
export function twitchUserIdFor(login: string): string {
  const digest = createHash('sha256').update(`twitch:${login}`).digest();
  return String(100_000_000 + (digest.readUIntBE(0, 6) % 900_000_000));
}

/** Sandbox e-mail address of a user (Twitch gives one with `user:read:email`). */
function emailOf(account: OidcAccount): string {
  return `${account.login}@twitch.sandbox.test`;
}

/** `GET /twitch/helix/users`: the token's user, Helix-shaped. */
function helixRoutes(app: FastifyInstance, tools: OidcPartyTools): void {
  app.get(`${TWITCH_PREFIX}/helix/users`, async (request, reply) => {
    const unauthorized = (message: string) =>
      reply.code(401).send({ error: 'Unauthorized', status: 401, message });
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) return unauthorized('OAuth token is missing');
    const token = await tools.provider().AccessToken.find(match[1]);
    if (!token?.isValid) return unauthorized('Invalid OAuth token');
    if (request.headers['client-id'] !== token.clientId) {
      return unauthorized('Client ID and OAuth token do not match');
    }
    const account = tools.findAccount(token.accountId);
    if (!account) return unauthorized('Invalid OAuth token');
    const scopes = new Set((token.scope ?? '').split(' '));
    return {
      data: [
        {
          id: account.id,
          login: account.login,
          display_name: account.displayName,
          type: '',
          broadcaster_type: '',
          description: '',
          profile_image_url: tools.avatarUrl(account),
          offline_image_url: '',
          view_count: 0,
          ...(scopes.has('user:read:email') ? { email: emailOf(account) } : {}),
          created_at: CREATED_AT,
        },
      ],
    };
  });
}

/** The Twitch party ("Twitch", start page `/twitch`) of the sandbox of `context`. */
export function twitchParty(context: SandboxContext): SandboxParty {
  return oidcParty(context, {
    prefix: TWITCH_PREFIX,
    name: 'Twitch',
    description:
      'Twitch stand-in: OAuth 2.0 / OpenID Connect sign-in (authorize, token, user info) and Helix users.',
    clients: Object.entries(SANDBOX_TWITCH_CLIENTS).map(([clientId, clientSecret]) => ({
      clientId,
      clientSecret,
      name: `Guildgate (${clientId.split('-')[1]})`,
    })),
    redirectPaths: [TWITCH_CALLBACK_PATH],
    demoAccounts: TWITCH_DEMO_ACCOUNTS,
    accountIdFor: twitchUserIdFor,
    username: {
      pattern: /^[A-Za-z0-9_]{4,25}$/,
      rule: '4 to 25 letters, digits or underscores.',
    },
    scopes: { openid: ['sub', 'preferred_username', 'picture'], 'user:read:email': [] },
    claims: (account, tools) => ({
      preferred_username: account.displayName,
      picture: tools.avatarUrl(account),
    }),
    texts: {
      intro:
        'A stand-in for Twitch sign-in (id.twitch.tv/oauth2) and the Helix users API. The approve page lets you pick a demo user or create one; nothing leaves this machine.',
    },
    extraEndpoints: [
      {
        method: 'GET',
        url: `${TWITCH_PREFIX}/helix/users`,
        description: 'Helix users (Authorization: Bearer <access token>, Client-Id)',
      },
    ],
    routes: helixRoutes,
  });
}
