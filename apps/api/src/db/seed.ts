/**
 * Idempotent seeding. {@link seedReferenceData} writes what the product needs to work (connection
 * providers, cookie categories, newsletter lists, deletion types with their French texts — the
 * translation tables of migration 0016, the deletion types' kept in line with this file at every start;
 * the cookie categories and newsletter lists, which the operator console edits (issue 24 §3), only on a
 * store that has none —, the portal's own client and redirect pattern) and runs at every start. {@link seedDemoData} adds the demo player and the
 * sandbox's clients of the hub (SEED_DEMO=1, which `npm start` sets): the partner site and the OpenID
 * Connect site with their development client secrets, and the public browser client and its third-party
 * twin.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { hashPassword } from '../lib/password.ts';
import { isoNow } from '../lib/time.ts';
import { sha256, uuid } from '../lib/crypto.ts';
import { COOKIE_CATEGORIES, DELETION_TYPES, NEWSLETTER_LISTS } from './reference-data.ts';

/** The demo player's credentials (printed by `npm start`; a development convenience only). */
export const DEMO_PLAYER = {
  username: 'DemoPlayer',
  email: 'demo.player@guildgate.test',
  password: 'DemoPass2024',
} as const;

/**
 * The sandbox partner site's client credentials for the partner server-to-server calls
 * (docs/partner-api.md; a development convenience only: the store keeps the SHA-256 of the secret).
 */
export const DEMO_PARTNER_CLIENT = {
  clientId: 'sandbox-partner-site',
  clientSecret: 'sandbox-partner-secret',
} as const;

/**
 * The sandbox OpenID Connect site's client (apps/sandbox/src/oidc-site; issue 21 §5): a confidential
 * client (`client_secret_basic`) that finds the hub by discovery. A development convenience only.
 */
export const DEMO_OIDC_SITE_CLIENT = {
  clientId: 'sandbox-oidc-site',
  clientSecret: 'sandbox-oidc-site-secret',
} as const;

/**
 * The sandbox browser client's id (apps/sandbox/src/oidc-browser; issue 21 §5): a public client
 * (`token_endpoint_auth_method=none`, RFC 6749 §2.1) — registered without a secret, which is how
 * `oauth_clients` marks a public client until it has a column of its own.
 */
export const DEMO_BROWSER_CLIENT_ID = 'sandbox-oidc-browser';

/**
 * The sandbox's third-party browser client (apps/sandbox/src/oidc-browser, its `/oidc-browser/studio/`
 * page; issue 21 §3): a public client of another studio, registered third-party, so its players are
 * asked on the consent page before it sees their account.
 */
export const DEMO_THIRD_PARTY_CLIENT_ID = 'sandbox-oidc-studio';

const PROVIDERS = [
  { canonical_name: 'steam', name: 'Steam', icon: '/icons/steam.svg' },
  { canonical_name: 'twitch', name: 'Twitch', icon: '/icons/twitch.svg' },
  { canonical_name: 'epic-games', name: 'Epic Games', icon: '/icons/epic-games.svg' },
  { canonical_name: 'game-pass', name: 'Game Pass', icon: '/icons/game-pass.svg' },
];

/** Writes the reference data the product needs; safe to run on every start. */
export async function seedReferenceData(
  db: Kysely<Database>,
  options: { publicUrl: string; portalClientId: string; redirectPatterns: string[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const p of PROVIDERS) {
      await trx
        .insertInto('connection_providers')
        .values(p)
        .onConflict((oc) => oc.column('canonical_name').doNothing())
        .execute();
    }
    // The cookie categories and newsletter lists are the operator console's to edit once the store has
    // them (issue 24 §3): they are seeded on a store that has none, never put back nor overwritten.
    const hasCategories = await trx.selectFrom('cookie_categories').select('id').limit(1).executeTakeFirst();
    for (const { fr, ...c } of hasCategories ? [] : COOKIE_CATEGORIES) {
      const { id } = await trx
        .insertInto('cookie_categories')
        .values(c)
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cookie_category_translations')
        .values({ cookie_id: id, locale: 'fr', ...fr })
        .execute();
    }
    const hasLists = await trx.selectFrom('newsletter_lists').select('id').limit(1).executeTakeFirst();
    for (const { name, fr } of hasLists ? [] : NEWSLETTER_LISTS) {
      const { id } = await trx
        .insertInto('newsletter_lists')
        .values({ name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('newsletter_list_translations')
        .values({ list_id: id, locale: 'fr', name: fr })
        .execute();
    }
    for (const { fr, ...d } of DELETION_TYPES) {
      await trx
        .insertInto('deletion_types')
        .values(d)
        .onConflict((oc) => oc.column('description').doNothing())
        .execute();
      const { id } = await trx
        .selectFrom('deletion_types')
        .select('id')
        .where('description', '=', d.description)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('deletion_type_translations')
        .values({ deletion_type_id: id, locale: 'fr', description: fr })
        .onConflict((oc) => oc.columns(['deletion_type_id', 'locale']).doUpdateSet({ description: fr }))
        .execute();
    }
    await trx
      .insertInto('oauth_clients')
      .values({
        client_id: options.portalClientId,
        name: 'Guildgate portal',
        redirect_uris: JSON.stringify([`${options.publicUrl}/`]),
        created_at: isoNow(),
      })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    for (const pattern of [`${options.publicUrl}/`, ...options.redirectPatterns]) {
      await trx
        .insertInto('redirect_patterns')
        .values({ pattern })
        .onConflict((oc) => oc.column('pattern').doNothing())
        .execute();
    }
  });
}

/**
 * Adds the confirmed demo player, a second player they block, and the sandbox's clients of the hub at
 * `sandboxUrl` (the partner site `/partner/`, the OpenID Connect site `/oidc-site/` and the browser client
 * `/oidc-browser/`: each its allow-list pattern and its client, whose registered callbacks gain this
 * address's).
 */
export async function seedDemoData(db: Kysely<Database>, options: { sandboxUrl: string }): Promise<void> {
  const partnerUrl = `${options.sandboxUrl}/partner/`;
  const now = isoNow();
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  await db.transaction().execute(async (trx) => {
    await seedDemoClient(trx, {
      clientId: DEMO_PARTNER_CLIENT.clientId,
      name: 'Sandbox partner community site',
      pattern: partnerUrl,
      redirectUri: `${partnerUrl}callback`,
      secret: DEMO_PARTNER_CLIENT.clientSecret,
    });
    await seedDemoClient(trx, {
      clientId: DEMO_OIDC_SITE_CLIENT.clientId,
      name: 'Sandbox OpenID Connect site',
      pattern: `${options.sandboxUrl}/oidc-site/`,
      redirectUri: `${options.sandboxUrl}/oidc-site/callback`,
      secret: DEMO_OIDC_SITE_CLIENT.clientSecret,
      postLogoutRedirectUri: `${options.sandboxUrl}/oidc-site/signed-out`,
      backchannelLogoutUri: `${options.sandboxUrl}/oidc-site/backchannel-logout`,
    });
    await seedDemoClient(trx, {
      clientId: DEMO_BROWSER_CLIENT_ID,
      name: 'Sandbox browser client',
      pattern: `${options.sandboxUrl}/oidc-browser/`,
      redirectUri: `${options.sandboxUrl}/oidc-browser/`,
      secret: null,
    });
    await seedDemoClient(trx, {
      clientId: DEMO_THIRD_PARTY_CLIENT_ID,
      name: 'Ironclad Studio forum',
      pattern: `${options.sandboxUrl}/oidc-browser/`,
      redirectUri: `${options.sandboxUrl}/oidc-browser/studio/`,
      secret: null,
      thirdParty: true,
    });
    const players = [
      { username: DEMO_PLAYER.username, email: DEMO_PLAYER.email, titles: 'Veteran;Explorer' },
      { username: 'GriefingGoblin', email: 'griefing.goblin@guildgate.test', titles: '' },
    ];
    for (const p of players) {
      await trx
        .insertInto('users')
        .values({
          id_user: uuid(),
          username: p.username,
          username_normalized: p.username.toLowerCase(),
          email: p.email,
          email_normalized: p.email.toLowerCase(),
          password_hash: passwordHash,
          firstname: p.username,
          lastname: null,
          date_of_birth: null,
          avatar_url: '/avatars/default.svg',
          titles: p.titles,
          auth_type: 1,
          auth_partner: null,
          steam_check: 0,
          is_cookie_popup_seen: 0,
          newsletter_optin: 0,
          referrer_user_id: null,
          studio_name: null,
          client_id: null,
          email_confirmed_at: now,
          banned_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('username_normalized').doNothing())
        .execute();
    }
    const ids = await trx
      .selectFrom('users')
      .select(['id', 'username_normalized'])
      .where('username_normalized', 'in', ['demoplayer', 'griefinggoblin'])
      .execute();
    const demo = ids.find((u) => u.username_normalized === 'demoplayer');
    const goblin = ids.find((u) => u.username_normalized === 'griefinggoblin');
    if (demo && goblin) {
      await trx
        .insertInto('blocks')
        .values({ user_id: demo.id, blocked_user_id: goblin.id, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'blocked_user_id']).doNothing())
        .execute();
    }
  });
}

/**
 * Registers one sandbox client of the hub, idempotently: its redirect allow-list `pattern` (spec §1),
 * the client with `redirectUri` and the SHA-256 of `secret` (null: a public client), and, on a store kept
 * from a run with the sandbox on another port, that run's callback joins the registered ones (redirect
 * URIs are compared exactly, RFC 9700 §4.1.3), so the client signs players in again. Likewise its
 * `postLogoutRedirectUri` joins the post-log-out URIs (RP-Initiated Logout 1.0 §3.1), and its
 * `backchannelLogoutUri` (Back-Channel Logout 1.0 §2.2) replaces the registered one (one per client: the
 * sandbox of this run).
 */
async function seedDemoClient(
  trx: Kysely<Database>,
  client: {
    clientId: string;
    name: string;
    pattern: string;
    redirectUri: string;
    secret: string | null;
    postLogoutRedirectUri?: string;
    backchannelLogoutUri?: string;
    /** Another studio's site, asked for consent (default: one of the hub's own). */
    thirdParty?: boolean;
  },
): Promise<void> {
  await trx
    .insertInto('redirect_patterns')
    .values({ pattern: client.pattern })
    .onConflict((oc) => oc.column('pattern').doNothing())
    .execute();
  await trx
    .insertInto('oauth_clients')
    .values({
      client_id: client.clientId,
      name: client.name,
      redirect_uris: JSON.stringify([client.redirectUri]),
      created_at: isoNow(),
      // A public client (no secret) authenticates with PKCE alone (RFC 7636; RFC 8252 §8.4).
      token_endpoint_auth_method: client.secret === null ? 'none' : 'client_secret_basic',
      first_party: client.thirdParty ? 0 : 1,
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  if (client.secret !== null) {
    await trx
      .updateTable('oauth_clients')
      .set({ client_secret_hash: sha256(client.secret), token_endpoint_auth_method: 'client_secret_basic' })
      .where('client_id', '=', client.clientId)
      .where('client_secret_hash', 'is', null)
      .execute();
  }
  const row = await trx
    .selectFrom('oauth_clients')
    .select(['redirect_uris', 'post_logout_redirect_uris'])
    .where('client_id', '=', client.clientId)
    .executeTakeFirst();
  if (!row) return;
  const registered = JSON.parse(row.redirect_uris) as string[];
  if (!registered.includes(client.redirectUri)) {
    await trx
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify([...registered, client.redirectUri]) })
      .where('client_id', '=', client.clientId)
      .execute();
  }
  const postLogout = JSON.parse(row.post_logout_redirect_uris) as string[];
  if (client.postLogoutRedirectUri !== undefined && !postLogout.includes(client.postLogoutRedirectUri)) {
    await trx
      .updateTable('oauth_clients')
      .set({ post_logout_redirect_uris: JSON.stringify([...postLogout, client.postLogoutRedirectUri]) })
      .where('client_id', '=', client.clientId)
      .execute();
  }
  if (client.backchannelLogoutUri !== undefined) {
    await trx
      .updateTable('oauth_clients')
      .set({ backchannel_logout_uri: client.backchannelLogoutUri })
      .where('client_id', '=', client.clientId)
      .execute();
  }
}
