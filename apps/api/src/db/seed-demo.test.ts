/**
 * The demo data (db/seed.ts `seedDemoData`, SEED_DEMO=1 of `npm start`) on a store kept between runs:
 * seeding again is harmless, and a sandbox that moved to another port (SANDBOX_PORT) gets its partner
 * site allow-listed and its callback registered for the demo client, next to the earlier ones, so the
 * site signs players in again (docs/partner-api.md: redirect URIs are compared exactly).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startTestApp, type TestApp } from '../test/harness.ts';
import { sha256 } from '../lib/crypto.ts';
import { DEMO_BROWSER_CLIENT_ID, DEMO_OIDC_SITE_CLIENT, DEMO_PARTNER_CLIENT, seedDemoData } from './seed.ts';

describe.each(STORES)('the demo data on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const callbacks = async () =>
    JSON.parse(
      (
        await t.ctx.db
          .selectFrom('oauth_clients')
          .select('redirect_uris')
          .where('client_id', '=', DEMO_PARTNER_CLIENT.clientId)
          .executeTakeFirstOrThrow()
      ).redirect_uris,
    ) as string[];
  const patterns = async () =>
    (await t.ctx.db.selectFrom('redirect_patterns').select('pattern').execute()).map((row) => row.pattern);

  it('registers the callback of each sandbox address it is seeded for, once', async () => {
    await seedDemoData(t.ctx.db, { sandboxUrl: 'http://localhost:8090' });
    await seedDemoData(t.ctx.db, { sandboxUrl: 'http://localhost:8090' });
    expect(await callbacks()).toEqual(['http://localhost:8090/partner/callback']);

    await seedDemoData(t.ctx.db, { sandboxUrl: 'http://localhost:9090' });
    expect(await callbacks()).toEqual([
      'http://localhost:8090/partner/callback',
      'http://localhost:9090/partner/callback',
    ]);
    expect(await patterns()).toEqual(
      expect.arrayContaining(['http://localhost:8090/partner/', 'http://localhost:9090/partner/']),
    );
    const players = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('username_normalized', '=', 'demoplayer')
      .execute();
    expect(players).toHaveLength(1);
  });

  it("registers the sandbox's OpenID Provider clients: the site confidential, the browser client public", async () => {
    await seedDemoData(t.ctx.db, { sandboxUrl: 'http://localhost:8090' });
    const rows = await t.ctx.db
      .selectFrom('oauth_clients')
      .select(['client_id', 'client_secret_hash', 'redirect_uris'])
      .where('client_id', 'in', [DEMO_OIDC_SITE_CLIENT.clientId, DEMO_BROWSER_CLIENT_ID])
      .orderBy('client_id')
      .execute();
    // The suite's first test seeded another sandbox address too: its callbacks come second.
    const firsts = rows.map((row) => ({
      ...row,
      redirect_uris: (JSON.parse(row.redirect_uris) as string[])[0],
    }));
    expect(firsts).toEqual([
      {
        client_id: DEMO_BROWSER_CLIENT_ID,
        client_secret_hash: null,
        redirect_uris: 'http://localhost:8090/oidc-browser/',
      },
      {
        client_id: DEMO_OIDC_SITE_CLIENT.clientId,
        client_secret_hash: sha256(DEMO_OIDC_SITE_CLIENT.clientSecret),
        redirect_uris: 'http://localhost:8090/oidc-site/callback',
      },
    ]);
    expect(await patterns()).toEqual(
      expect.arrayContaining(['http://localhost:8090/oidc-site/', 'http://localhost:8090/oidc-browser/']),
    );
  });
});
