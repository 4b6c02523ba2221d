/**
 * The partner community site against the real Guildgate API over HTTP (spec §1 Single sign-on, §7 GET
 * oauth, token/refresh, token/verify; RFC 6749 §4.1, RFC 7636): Sign in leads to the hub's /oauth with
 * state and a PKCE challenge; the hub's answer signs the player in ('Signed in as DemoPlayer') under a new
 * session cookie; Sign out forgets it; refused answers, foreign states and refused codes show the
 * 'Sign-in failed' page; an ended hub session signs the player out; an expired access token is renewed
 * with token/refresh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, startTestSandbox } from '../shared/oidc-test-kit.ts';
import { DEMO_PLAYER, sleep } from '@guildgate/api/testing';
import { PARTNER_SITE_CLIENT, SITE_NAME, partnerSiteParty } from './index.ts';
import { SESSION_COOKIE } from './site-sessions.ts';
import {
  demoIdUser,
  demoPlayerSession,
  endHubSignIns,
  spaOAuth,
  startPartnerSiteWorld,
  type PartnerSiteWorld,
} from './test-support.ts';

/** Starting the API (migrations, the demo player's password hash) takes a few seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
/** A test drives several HTTP round trips between the site and the hub. */
const TEST_TIMEOUT_MS = 30_000;

/** Starts a sign-in in `browser`; returns the hub authorization URL it was sent to. */
async function startSignIn(world: PartnerSiteWorld, browser: TestBrowser): Promise<URL> {
  const res = await browser.fetch(`${world.site.baseUrl}/partner/sign-in`);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** Signs `browser` in as the demo player through the hub; returns the home page's HTML. */
async function signIn(world: PartnerSiteWorld, browser: TestBrowser): Promise<string> {
  const callback = await spaOAuth(world, await startSignIn(world, browser), await demoPlayerSession(world));
  const back = await browser.fetch(callback);
  expect(back.status, await back.clone().text()).toBe(303);
  expect(back.headers.get('location')).toBe('/partner/');
  return (await browser.fetch(`${world.site.baseUrl}/partner/`)).text();
}

describe('the partner community site with the hub', { timeout: TEST_TIMEOUT_MS }, () => {
  let world: PartnerSiteWorld;

  beforeAll(async () => {
    world = await startPartnerSiteWorld();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world.close();
  });

  it('sends Sign in to the hub with client_id, redirect_uri, state and a S256 challenge', async () => {
    const browser = new TestBrowser();
    const home = await browser.fetch(`${world.site.baseUrl}/partner/`);
    const page = await home.text();
    expect(page).toContain(SITE_NAME);
    expect(page).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page).not.toContain('Signed in as');
    expect(home.headers.get('content-security-policy')).toContain(`form-action 'self' ${world.hubUrl}`);

    const res = await browser.fetch(`${world.site.baseUrl}/partner/sign-in`);
    expect(res.status).toBe(303);
    const target = new URL(res.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${world.hubUrl}/oauth`);
    const query = Object.fromEntries(target.searchParams);
    expect(query).toMatchObject({
      client_id: PARTNER_SITE_CLIENT.clientId,
      redirect_uri: `${world.site.baseUrl}/partner/callback`,
      response_type: 'code',
      code_challenge_method: 'S256',
    });
    expect(query.state).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/partner\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // A visitor at the hub is sent to log in first, and back to /oauth with the same query.
    const visitor = await spaOAuth(world, target, null);
    expect(visitor).toBe(`/login?redirectUrl=${encodeURIComponent(`/oauth${target.search}`)}`);
  });

  it('signs the player in through the hub, under a new session id, and out again', async () => {
    const browser = new TestBrowser();
    await browser.fetch(`${world.site.baseUrl}/partner/`);
    const authorization = await startSignIn(world, browser);
    const before = browser.cookies.get(SESSION_COOKIE);
    const callback = new URL(await spaOAuth(world, authorization, await demoPlayerSession(world)));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${world.site.baseUrl}/partner/callback`);
    expect(callback.searchParams.get('state')).toBe(authorization.searchParams.get('state'));
    const back = await browser.fetch(callback);
    expect(back.status).toBe(303);
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(before);

    const page = await (await browser.fetch(`${world.site.baseUrl}/partner/`)).text();
    expect(page).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    const demo = await world.t.ctx.db
      .selectFrom('users')
      .select(['id', 'id_user'])
      .where('username', '=', DEMO_PLAYER.username)
      .executeTakeFirstOrThrow();
    expect(page).toContain(demo.id_user);
    expect(page).toMatch(/<button type="submit" class="secondary">Sign out<\/button>/);
    // The hub's OpenID Provider holds the player's grant for the site.
    const grants = await world.t.ctx.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Grant')
      .where('account_id', '=', demo.id_user)
      .execute();
    expect(grants.map((row) => (JSON.parse(row.payload) as { clientId: string }).clientId)).toContain(
      PARTNER_SITE_CLIENT.clientId,
    );
    // The callback address again: its sign-in is over.
    const again = await browser.fetch(callback);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Sign-in failed');

    const out = await browser.fetch(`${world.site.baseUrl}/partner/sign-out`, { method: 'POST' });
    expect(out.status).toBe(303);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const after = await (await browser.fetch(`${world.site.baseUrl}/partner/`)).text();
    expect(after).not.toContain('Signed in as');
    expect(after).toContain('>Sign in<');
  });

  it("shows 'Sign-in failed' for an error answer, a state it did not start, and a refused code", async () => {
    const browser = new TestBrowser();
    const failed = async (query: Record<string, string>) => {
      const res = await browser.fetch(`${world.site.baseUrl}/partner/callback?${new URLSearchParams(query)}`);
      const page = await res.text();
      expect(page).toContain('<h1>Sign-in failed</h1>');
      expect(page).toContain('>Try again<');
      return { status: res.status, page };
    };
    let state = (await startSignIn(world, browser)).searchParams.get('state')!;
    const refused = await failed({ error: 'access_denied', error_description: 'No <thanks>', state });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain('access_denied: No &lt;thanks&gt;');

    state = (await startSignIn(world, browser)).searchParams.get('state')!;
    const foreign = await failed({ code: 'whatever', state: `${state}x` });
    expect(foreign.page).toContain('does not belong to a sign-in started in this browser');
    // The state is single use: the right one after a wrong one is refused too.
    expect((await failed({ code: 'whatever', state })).status).toBe(400);

    state = (await startSignIn(world, browser)).searchParams.get('state')!;
    const bogus = await failed({ code: 'not-a-code-of-the-hub', state });
    expect(bogus.status).toBe(400);
    expect(bogus.page).toContain('The hub refused the code (invalid_grant).');

    const stranger = new TestBrowser();
    const res = await stranger.fetch(`${world.site.baseUrl}/partner/callback?code=c&state=s`);
    expect(res.status).toBe(400);
  });

  it('signs the player out when the hub has ended the session', async () => {
    const browser = new TestBrowser();
    expect(await signIn(world, browser)).toContain('Signed in as');
    await endHubSignIns(world);
    const page = await (await browser.fetch(`${world.site.baseUrl}/partner/`)).text();
    expect(page).toContain('Your Guildgate sign-in has ended. Sign in again.');
    expect(page).not.toContain('Signed in as');
  });

  it('answers 502 when the hub cannot be reached to exchange the code', async () => {
    const lonely = await startTestSandbox((context) => [
      partnerSiteParty(context, { url: 'http://127.0.0.1:9' }),
    ]);
    try {
      const browser = new TestBrowser();
      const res = await browser.fetch(`${lonely.baseUrl}/partner/sign-in`);
      const state = new URL(res.headers.get('location')!).searchParams.get('state')!;
      const back = await browser.fetch(`${lonely.baseUrl}/partner/callback?code=c&state=${state}`);
      expect(back.status).toBe(502);
      expect(await back.text()).toContain('Guildgate could not be reached');
    } finally {
      await lonely.close();
    }
  });
});

describe('the partner community site when the access token expired', { timeout: TEST_TIMEOUT_MS }, () => {
  let world: PartnerSiteWorld;

  beforeAll(async () => {
    // Two seconds: a token minted at the end of a second still lives a full second.
    world = await startPartnerSiteWorld({ overrides: { accessTokenTtlSeconds: 2 } });
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world.close();
  });

  it("renews it with GET token/refresh and the site's client id", async () => {
    const browser = new TestBrowser();
    expect(await signIn(world, browser)).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    const idUser = await demoIdUser(world);
    const used = async () =>
      (
        await world.t.ctx.db
          .selectFrom('oidc_payloads')
          .select('id_hash')
          .where('model', '=', 'RefreshToken')
          .where('account_id', '=', idUser)
          .where('consumed_at', 'is not', null)
          .execute()
      ).length;
    expect(await used()).toBe(0);
    await sleep(2100); // only to let the 2-second access token expire
    const page = await (await browser.fetch(`${world.site.baseUrl}/partner/`)).text();
    expect(page).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    expect(await used()).toBe(1);
  });
});
