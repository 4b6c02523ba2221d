/**
 * Idempotent seeding. {@link seedReferenceData} writes what the product needs to work (connection
 * providers, cookie categories, newsletter lists, deletion types, the portal's own client and
 * redirect pattern) and runs at every start. {@link seedDemoData} adds the demo player and the
 * sandbox's partner site with its development client secret (SEED_DEMO=1, which `npm start` sets).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { hashPassword } from '../lib/password.ts';
import { isoNow } from '../lib/time.ts';
import { sha256, uuid } from '../lib/crypto.ts';

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

const PROVIDERS = [
  { canonical_name: 'steam', name: 'Steam', icon: '/icons/steam.svg' },
  { canonical_name: 'twitch', name: 'Twitch', icon: '/icons/twitch.svg' },
  { canonical_name: 'epic-games', name: 'Epic Games', icon: '/icons/epic-games.svg' },
  { canonical_name: 'game-pass', name: 'Game Pass', icon: '/icons/game-pass.svg' },
];

const COOKIE_CATEGORIES = [
  {
    name: 'Necessary cookies',
    description: 'Needed for the site to work: your session and your choices.',
    is_active: 1,
    is_optional: 0,
  },
  {
    name: 'Analytical cookies',
    description: 'Help us understand how the site is used, anonymously.',
    is_active: 1,
    is_optional: 1,
  },
  {
    name: 'Marketing cookies',
    description: 'Let partners show you offers that match your interests.',
    is_active: 1,
    is_optional: 1,
  },
];

const NEWSLETTER_LISTS = ['Community news', 'Game updates and patch notes', 'Events and contests'];

const DELETION_TYPES = [
  { description: 'I no longer play these games', is_other: 0 },
  { description: 'I have another account', is_other: 0 },
  { description: 'I am concerned about my privacy', is_other: 0 },
  { description: 'Other', is_other: 1 },
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
    for (const c of COOKIE_CATEGORIES) {
      await trx
        .insertInto('cookie_categories')
        .values(c)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    for (const name of NEWSLETTER_LISTS) {
      await trx
        .insertInto('newsletter_lists')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    for (const d of DELETION_TYPES) {
      await trx
        .insertInto('deletion_types')
        .values(d)
        .onConflict((oc) => oc.column('description').doNothing())
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
 * Adds the confirmed demo player, a second player they block, and the sandbox partner site at
 * `sandboxUrl` (its allow-list pattern and its client, whose registered callbacks gain this address's).
 */
export async function seedDemoData(db: Kysely<Database>, options: { sandboxUrl: string }): Promise<void> {
  const partnerUrl = `${options.sandboxUrl}/partner/`;
  const now = isoNow();
  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('redirect_patterns')
      .values({ pattern: partnerUrl })
      .onConflict((oc) => oc.column('pattern').doNothing())
      .execute();
    await trx
      .insertInto('oauth_clients')
      .values({
        client_id: DEMO_PARTNER_CLIENT.clientId,
        name: 'Sandbox partner community site',
        redirect_uris: JSON.stringify([`${partnerUrl}callback`]),
        created_at: now,
      })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    await trx
      .updateTable('oauth_clients')
      .set({ client_secret_hash: sha256(DEMO_PARTNER_CLIENT.clientSecret) })
      .where('client_id', '=', DEMO_PARTNER_CLIENT.clientId)
      .where('client_secret_hash', 'is', null)
      .execute();
    // A store kept from a run with the sandbox on another port: that sandbox's callback joins the
    // registered ones (redirect URIs are compared exactly), so the site signs players in again.
    const client = await trx
      .selectFrom('oauth_clients')
      .select('redirect_uris')
      .where('client_id', '=', DEMO_PARTNER_CLIENT.clientId)
      .executeTakeFirst();
    const registered = client ? (JSON.parse(client.redirect_uris) as string[]) : [];
    if (client && !registered.includes(`${partnerUrl}callback`)) {
      await trx
        .updateTable('oauth_clients')
        .set({ redirect_uris: JSON.stringify([...registered, `${partnerUrl}callback`]) })
        .where('client_id', '=', DEMO_PARTNER_CLIENT.clientId)
        .execute();
    }
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
