/**
 * The Epic Games stand-in party (DESIGN.md §1 "Twitch and Epic Games (OAuth 2.0 / OIDC authorize, token,
 * user-info)"; spec §7 `GET epicgames/auth`, `POST epicgames/callback`, callback path
 * `/epic-games/callback`): an OpenID Connect provider built with `oidc-provider` (see
 * `../shared/oidc-party.ts`), issuer `<sandbox public URL>/epic-games`. Routes (besides the provider's own
 * under `/epic-games`: `/.well-known/openid-configuration`, `/auth`, `/token`, `/me`, `/jwks`):
 * - `GET /epic-games` → start page; `GET /epic-games/interaction/:uid` → approve page;
 * - `GET /epic-games/avatars/<account id>.svg` → the account's avatar.
 *
 * Clients (fixed, like the reCAPTCHA keys) accept redirect URIs on `http://localhost:<any port>` or
 * `http://127.0.0.1:<any port>` with the path `/epic-games/callback` or `/api/epicgames/callback`.
 * Claims: `sub` (account id, 32 lower-case hex digits), `preferred_username` (display name), `picture`
 * (avatar URL), in the ID token and at userinfo. Scopes: `openid`, `basic_profile`.
 */
import { createHash } from 'node:crypto';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { oidcParty, type OidcAccount } from '../shared/oidc-party.ts';

/** Client id → secret: `local` for a developer's machine, `e2e` for Playwright, `test` for Vitest. */
export const SANDBOX_EPIC_GAMES_CLIENTS = {
  'guildgate-local-epic': 'guildgate-local-epic-secret',
  'guildgate-e2e-epic': 'guildgate-e2e-epic-secret',
  'guildgate-test-epic': 'guildgate-test-epic-secret',
} as const;

/** Paths a client's redirect URI may have: the SPA's callback (spec §7) and the API's. */
export const EPIC_GAMES_CALLBACK_PATHS = ['/epic-games/callback', '/api/epicgames/callback'] as const;

/** Path prefix of the party, and of its issuer. */
export const EPIC_GAMES_PREFIX = '/epic-games';

/** Accounts one can sign in as without typing anything. */
export const EPIC_GAMES_DEMO_ACCOUNTS: readonly OidcAccount[] = [
  { id: 'e1c0000000000000000000000000a001', login: 'sandboxhero', displayName: 'SandboxHero' },
  { id: 'e1c0000000000000000000000000a002', login: 'nightrider', displayName: 'NightRider' },
];

/**
 * Account id of a fresh login (lower case): the first 32 hex digits of SHA-256("epic:" + login), so the
 * same name always gives the same id.
 */
export function epicAccountIdFor(login: string): string {
  return createHash('sha256').update(`epic:${login}`).digest('hex').slice(0, 32);
}

/** The Epic Games party ("Epic Games", start page `/epic-games`) of the sandbox of `context`. */
export function epicGamesParty(context: SandboxContext): SandboxParty {
  return oidcParty(context, {
    prefix: EPIC_GAMES_PREFIX,
    name: 'Epic Games',
    description:
      'Epic Games account stand-in: OAuth 2.0 / OpenID Connect sign-in (authorize, token, user info).',
    clients: Object.entries(SANDBOX_EPIC_GAMES_CLIENTS).map(([clientId, clientSecret]) => ({
      clientId,
      clientSecret,
      name: `Guildgate (${clientId.split('-')[1]})`,
    })),
    redirectPaths: EPIC_GAMES_CALLBACK_PATHS,
    demoAccounts: EPIC_GAMES_DEMO_ACCOUNTS,
    accountIdFor: epicAccountIdFor,
    username: {
      pattern: /^[A-Za-z0-9_.-]{3,16}$/,
      rule: '3 to 16 letters, digits, dots, dashes or underscores.',
    },
    scopes: { openid: ['sub', 'preferred_username', 'picture'], basic_profile: [] },
    claims: (account, tools) => ({
      preferred_username: account.displayName,
      picture: tools.avatarUrl(account),
    }),
    texts: {
      intro:
        'A stand-in for Epic Games account sign-in (Epic Account Services, OpenID Connect). The approve page lets you pick a demo account or create one; nothing leaves this machine.',
    },
  });
}
