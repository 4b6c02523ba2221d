/**
 * Idempotent seeding. {@link seedReferenceData} writes what the product needs to work (connection
 * providers, cookie categories, newsletter lists, deletion types with their French texts — the
 * translation tables of migration 0016, kept in line with this file at every start —, the portal's own
 * client and redirect pattern) and runs at every start. {@link seedDemoData} adds the demo player and the
 * sandbox's partner site with its development client secret (SEED_DEMO=1, which `npm start` sets).
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
    for (const { fr, ...c } of COOKIE_CATEGORIES) {
      await trx
        .insertInto('cookie_categories')
        .values(c)
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const { id } = await trx
        .selectFrom('cookie_categories')
        .select('id')
        .where('name', '=', c.name)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cookie_category_translations')
        .values({ cookie_id: id, locale: 'fr', ...fr })
        .onConflict((oc) => oc.columns(['cookie_id', 'locale']).doUpdateSet(fr))
        .execute();
    }
    for (const { name, fr } of NEWSLETTER_LISTS) {
      await trx
        .insertInto('newsletter_lists')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const { id } = await trx
        .selectFrom('newsletter_lists')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('newsletter_list_translations')
        .values({ list_id: id, locale: 'fr', name: fr })
        .onConflict((oc) => oc.columns(['list_id', 'locale']).doUpdateSet({ name: fr }))
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
      .set({
        client_secret_hash: sha256(DEMO_PARTNER_CLIENT.clientSecret),
        token_endpoint_auth_method: 'client_secret_basic',
      })
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
