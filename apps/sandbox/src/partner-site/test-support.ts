/**
 * Test support of the partner site's suites (never used by the sandbox itself): the real Guildgate API
 * listening on a free port of 127.0.0.1 (a fresh SQLite store, apps/api/src/test/harness.ts) with the
 * demo data seeded for a partner site sandbox on another free port, a logged-in demo player, the SPA's
 * part of the flow (its /oauth page calls GET /api/oauth with the player's bearer), and another client
 * of the hub registered by the operator's command, `npm run clients -- register` (issue 24).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ANONYMOUS,
  DEMO_PLAYER,
  TEST_API_KEY,
  asUser,
  followThroughProvider,
  json,
  seedDemoData,
  sessionOf,
  spawnScript,
  startTestApp,
  type TestApp,
  type TestAppOptions,
} from '@guildgate/api/testing';
import { startTestSandbox, type TestSandbox } from '../shared/oidc-test-kit.ts';
import { partnerSiteParty } from './index.ts';

/** A hub and a partner site that know each other. */
export interface PartnerSiteWorld {
  /** The API app (its store at `t.ctx.db`). */
  t: TestApp;
  /** The hub's address, e.g. "http://127.0.0.1:41234". */
  hubUrl: string;
  /** The sandbox serving only the partner site. */
  site: TestSandbox;
  close(): Promise<void>;
}

/**
 * Starts the API on a free port (with `options`), a sandbox with the partner site as the hub's client,
 * and seeds the demo data (the demo player, the site's client and its redirect URI) for that sandbox.
 */
export async function startPartnerSiteWorld(options: TestAppOptions = {}): Promise<PartnerSiteWorld> {
  const t = await startTestApp('sqlite', options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const hubUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const site = await startTestSandbox((context) => [
    partnerSiteParty(context, { url: hubUrl, apiKey: TEST_API_KEY }),
  ]);
  await seedDemoData(t.ctx.db, { sandboxUrl: site.baseUrl });
  return {
    t,
    hubUrl,
    site,
    close: async () => {
      await site.close();
      await t.close();
    },
  };
}

/** The demo player's portal session in a browser: what the SPA holds after the log-in. */
export interface PlayerSession {
  /** The portal access token (the SPA's bearer). */
  bearer: string;
  /** The identity handle (the `_g2g_identity_` cookie the hub's OpenID Provider reads). */
  identity: string;
}

/** A fresh portal session of the demo player. */
export async function demoPlayerSession(world: PartnerSiteWorld): Promise<PlayerSession> {
  const session = await sessionOf(world.t, {
    username: DEMO_PLAYER.username,
    password: DEMO_PLAYER.password,
  });
  return { bearer: session.token.Value, identity: session.identity };
}

/**
 * What the SPA's /oauth page does with the hub's authorization URL: GET /api/oauth with the page's query
 * and the player's bearer (or the anonymous one); for a player, the browser then follows the RedirectUri
 * through the hub's OpenID Provider with the portal's identity cookie (issue 21 §2).
 * @returns where the browser goes: the site's callback with the answer, or the portal's log-in page
 */
export async function spaOAuth(
  world: PartnerSiteWorld,
  authorizationUrl: URL,
  player: PlayerSession | null,
): Promise<string> {
  const res = await world.t.app.inject({
    method: 'GET',
    url: `/api/oauth${authorizationUrl.search}`,
    headers: player === null ? ANONYMOUS : asUser(player.bearer),
  });
  if (res.statusCode !== 200) throw new Error(`GET oauth answered ${res.statusCode}: ${res.body}`);
  const redirect = json<{ RedirectUri: string }>(res).RedirectUri;
  if (player === null) return redirect;
  return (await followThroughProvider(world.t, new URL(redirect), player.identity)).href;
}

/**
 * Ends, at the hub, every sign-in of the demo player at partner sites: the OpenID Provider's grants,
 * codes and tokens of their account (what a log-out or "Remove access" does).
 */
export async function endHubSignIns(world: PartnerSiteWorld): Promise<void> {
  await world.t.ctx.db
    .deleteFrom('oidc_payloads')
    .where('model', 'in', ['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'])
    .where('account_id', '=', await demoIdUser(world))
    .execute();
}

/** The demo player's public id. */
export async function demoIdUser(world: PartnerSiteWorld): Promise<string> {
  const row = await world.t.ctx.db
    .selectFrom('users')
    .select('id_user')
    .where('username', '=', DEMO_PLAYER.username)
    .executeTakeFirstOrThrow();
  return row.id_user;
}

/** `npm run clients` of the API (its cli/clients-cli.ts, found through the API package). */
const CLIENTS_COMMAND = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@guildgate/api/testing')),
  'cli',
  'clients-cli.ts',
);

/**
 * Registers confidential client `clientId` at the hub of `world` as an operator does: `npm run clients
 * -- register <clientId> --name … --redirect-uri <site>/partner/callback` on the hub's store (a first-party
 * client, Basic authentication, refresh tokens).
 * @returns the client's secret, printed once by the command
 * @throws Error with the command's output when it fails
 */
export async function registerClientByCommand(world: PartnerSiteWorld, clientId: string): Promise<string> {
  const command = spawnScript(
    CLIENTS_COMMAND,
    { DATABASE_URL: world.t.config.databaseUrl, LOG_LEVEL: 'silent' },
    [
      'register',
      clientId,
      '--name',
      `Partner site test client ${clientId}`,
      '--redirect-uri',
      `${world.site.baseUrl}/partner/callback`,
    ],
  );
  const code = await command.exited;
  const secret = /^client_secret: (\S+)$/m.exec(command.output())?.[1];
  if (code !== 0 || secret === undefined) {
    throw new Error(`npm run clients -- register exited ${code}:\n${command.output()}`);
  }
  return secret;
}
