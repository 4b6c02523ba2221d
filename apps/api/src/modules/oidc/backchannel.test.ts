/**
 * Back-channel log-out received by a site nobody here wrote the validation of by hand (issue 21 §1, §5;
 * OpenID Connect Back-Channel Logout 1.0; backchannel.ts): the real sandbox OpenID Connect site
 * (apps/sandbox/src/oidc-site, openid-client and jose), listening beside the listening API, registered by
 * the demo seed with its back-channel log-out URI. A player signed in at the site as a browser does it
 * (code + PKCE through the portal's interaction) loses their session there when:
 * - they log out at the portal (POST log/user/{id}/log-out);
 * - they delete their account — the site is told before the deletion answers, so before the erasure of
 *   the provider's sessions whose `sid` the logout token names;
 * - they are banned, in the node (`setPlayerBanned`) and by `npm run bans` in a process of its own (its
 *   own provider on the stored keys; SQLite, whose store file the command opens);
 * and removing the client (`clients remove`) deletes its grants, codes and tokens in the store.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TestBrowser, type RunningSandbox } from '@guildgate/sandbox/testing';
import { seedDemoData } from '../../db/seed.ts';
import { asUser, freePort, json, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, getToken, logIn, type Player } from '../../test/helpers.ts';
import { setPlayerBanned } from '../session/index.ts';
import { removeClient } from '../oauth-clients/index.ts';
import { deletePayloadsOfClient } from './index.ts';

const run = promisify(execFile);

/** The sandbox site's client (the demo seed's `DEMO_OIDC_SITE_CLIENT`). */
const SITE_CLIENT = 'sandbox-oidc-site';

/** Starting the API and the sandbox takes a few seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 60_000;

describe.each(STORES)('back-channel log-out of the sandbox OpenID Connect site on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let sandbox: RunningSandbox;
  let site: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, { env: { PUBLIC_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, logger: false, hub: { url: base } });
    site = `${sandbox.publicUrl}/oidc-site`;
    await seedDemoData(t.ctx.db, { sandboxUrl: sandbox.publicUrl });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  });

  /** Is `browser` signed in at the site (its home page says so)? */
  async function signedInAtSite(browser: TestBrowser): Promise<boolean> {
    return (await (await browser.fetch(`${site}/`)).text()).includes('Signed in as');
  }

  /** Signs `player` in at the site in a new browser holding a portal session of theirs. */
  async function signIn(player: Player): Promise<{ browser: TestBrowser; identity: string }> {
    const browser = new TestBrowser();
    const identity = await logIn(t, player);
    const start = await browser.fetch(`${site}/sign-in`);
    expect(start.status).toBe(303);
    browser.cookies.set('_g2g_identity_', identity);
    const { response, url } = await browser.follow(start.headers.get('location')!, base);
    expect(response.status, await response.clone().text()).toBe(303);
    const callback = await browser.fetch(new URL(response.headers.get('location')!, url));
    expect(callback.status, await callback.clone().text()).toBe(303);
    expect(await signedInAtSite(browser)).toBe(true);
    return { browser, identity };
  }

  /** Polls until `browser` is signed out at the site (the deferred log-out), failing after 5 s. */
  async function signedOutSoon(browser: TestBrowser): Promise<void> {
    const until = Date.now() + 5000;
    while (await signedInAtSite(browser)) {
      if (Date.now() > until) throw new Error('still signed in at the site');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The provider's objects of client `clientId` (by column, or by a grant of the client). */
  async function payloadsOf(clientId: string): Promise<number> {
    const grants = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select('grant_id')
      .where('model', '=', 'Grant')
      .where('client_id', '=', clientId)
      .execute();
    const ids = grants.flatMap((row) => (row.grant_id === null ? [] : [row.grant_id]));
    const rows = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select('model')
      .where((eb) =>
        eb.or([eb('client_id', '=', clientId), ...(ids.length ? [eb('grant_id', 'in', ids)] : [])]),
      )
      .execute();
    return rows.length;
  }

  it(
    'ends the site session when the player logs out at the portal',
    async () => {
      const player = await createPlayer(t, `BcLogout${kind}`);
      const { browser, identity } = await signIn(player);
      const other = await signIn(player);
      const accessToken = json<{ Value: string }>(await getToken(t, identity)).Value;
      const logOut = await t.app.inject({
        method: 'POST',
        url: `/api/log/user/${player.idUser}/log-out`,
        headers: asUser(accessToken),
      });
      expect(logOut.statusCode).toBe(200);
      // Every device's provider session ends (docs/security.md "Log-out propagation").
      await signedOutSoon(browser);
      await signedOutSoon(other.browser);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'tells the site before the account is erased',
    async () => {
      const player = await createPlayer(t, `BcDelete${kind}`);
      const { browser, identity } = await signIn(player);
      expect(await payloadsOf(SITE_CLIENT)).toBeGreaterThan(0);
      const accessToken = json<{ Value: string }>(await getToken(t, identity)).Value;
      const deletion = await t.app.inject({
        method: 'POST',
        url: `/api/deletion/user/${player.idUser}`,
        headers: asUser(accessToken),
        payload: { Password: player.password },
      });
      expect(deletion.statusCode, deletion.body).toBe(200);
      // No waiting: the site had its logout token before the deletion answered.
      expect(await signedInAtSite(browser)).toBe(false);
      const left = await t.ctx.db
        .selectFrom('oidc_payloads')
        .select('model')
        .where('account_id', '=', player.idUser)
        .execute();
      expect(left).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'ends the site session of a banned player',
    async () => {
      const player = await createPlayer(t, `BcBan${kind}`);
      const { browser } = await signIn(player);
      expect(await setPlayerBanned(t.ctx, player.username, true)).toBe(true);
      // The ban waits for the listeners: the site was told when it returned.
      expect(await signedInAtSite(browser)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  // The command opens the store by DATABASE_URL: the SQLite file (a PostgreSQL test app's schema is not in it).
  if (kind === 'sqlite')
    it(
      'ends the site session of a player banned by npm run bans, a process of its own',
      async () => {
        const player = await createPlayer(t, `BcBanCli${kind}`);
        const { browser } = await signIn(player);
        const cli = path.resolve(import.meta.dirname, '../../cli/bans-cli.ts');
        const env = {
          ...process.env,
          DATABASE_URL: t.config.databaseUrl,
          PUBLIC_URL: base,
          LOG_LEVEL: 'silent',
        };
        const { stdout } = await run(process.execPath, [cli, 'player', 'ban', player.username], { env });
        expect(stdout).toBe(`banned player ${player.username}\n`);
        expect(await signedInAtSite(browser)).toBe(false);
      },
      TEST_TIMEOUT_MS,
    );

  it(
    'deletes the grants, codes and tokens of a removed client with it',
    async () => {
      const player = await createPlayer(t, `BcRemove${kind}`);
      await signIn(player);
      expect(await payloadsOf(SITE_CLIENT)).toBeGreaterThan(0);
      expect(await removeClient(t.ctx.db, SITE_CLIENT, t.config.portalClientId, deletePayloadsOfClient)).toBe(
        true,
      );
      expect(await payloadsOf(SITE_CLIENT)).toBe(0);
      // Sessions are the player's and stay.
      const sessions = await t.ctx.db
        .selectFrom('oidc_payloads')
        .select('model')
        .where('account_id', '=', player.idUser)
        .where('model', '=', 'Session')
        .execute();
      expect(sessions).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );
});
