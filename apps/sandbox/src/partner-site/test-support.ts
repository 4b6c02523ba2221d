/**
 * Test support of the partner site's suites (never used by the sandbox itself): the real Guildgate API
 * listening on a free port of 127.0.0.1 (a fresh SQLite store, apps/api/src/test/harness.ts) with the
 * demo data seeded for a partner site sandbox on another free port, a logged-in demo player, and the
 * SPA's part of the flow (its /oauth page calls GET /api/oauth with the player's bearer).
 */
import type { AddressInfo } from 'node:net';
import {
  ANONYMOUS,
  DEMO_PLAYER,
  TEST_API_KEY,
  asUser,
  json,
  seedDemoData,
  sessionOf,
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

/** A fresh portal access token of the demo player (what the SPA holds after the log-in). */
export async function demoPlayerBearer(world: PartnerSiteWorld): Promise<string> {
  return (await sessionOf(world.t, { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password })).token
    .Value;
}

/**
 * What the SPA's /oauth page does with the hub's authorization URL: GET /api/oauth with the page's query
 * and the player's bearer (or the anonymous one).
 * @returns the RedirectUri the page then follows
 */
export async function spaOAuth(
  world: PartnerSiteWorld,
  authorizationUrl: URL,
  bearer: string | null,
): Promise<string> {
  const res = await world.t.app.inject({
    method: 'GET',
    url: `/api/oauth${authorizationUrl.search}`,
    headers: bearer === null ? ANONYMOUS : asUser(bearer),
  });
  if (res.statusCode !== 200) throw new Error(`GET oauth answered ${res.statusCode}: ${res.body}`);
  return json<{ RedirectUri: string }>(res).RedirectUri;
}
