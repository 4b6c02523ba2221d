/**
 * The partner community site signing in as another client of the hub (issue 24 acceptance: "an admin
 * registers a partner client and the sandbox partner site signs in with it"), against the real
 * Guildgate API over HTTP: the form of `/partner/client` ('Client id', 'Client secret', 'Use this
 * client') renders and refuses bad input with a 400 form; a chosen client is kept in the site's session
 * and used for the authorization request (client_id), the code exchange, token/verify and oauth/profile;
 * 'Use the site's own client' goes back to `sandbox-partner-site`; posts from another site are refused;
 * a wrong secret ends on 'Sign-in failed'; an expired access token is renewed with token/refresh as
 * the chosen client. The second client is registered with `npm run clients`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, sleep } from '@guildgate/api/testing';
import { TestBrowser } from '../shared/oidc-test-kit.ts';
import { MAX_CLIENT_SECRET_LENGTH } from './client-form.ts';
import { PARTNER_SITE_CLIENT, SITE_PAGES } from './index.ts';
import { SESSION_COOKIE } from './site-sessions.ts';
import {
  demoPlayerSession,
  registerClientByCommand,
  spaOAuth,
  startPartnerSiteWorld,
  type PartnerSiteWorld,
} from './test-support.ts';

/** Starting the API (migrations, the demo player's password hash) takes a few seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
/** A test drives several HTTP round trips between the site and the hub (and one operator command). */
const TEST_TIMEOUT_MS = 30_000;

/** The client the operator registers for these tests. */
const SECOND_CLIENT_ID = 'studio-two.forum';

describe('the partner community site with a client of the visitor', { timeout: TEST_TIMEOUT_MS }, () => {
  let world: PartnerSiteWorld;
  let secondSecret: string;

  beforeAll(async () => {
    world = await startPartnerSiteWorld();
    secondSecret = await registerClientByCommand(world, SECOND_CLIENT_ID);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world.close();
  });

  const site = (path: string) => `${world.site.baseUrl}${path}`;

  /** Posts `form` to `path` as the site's own page would (a browser sends the page's Origin). */
  const post = (browser: TestBrowser, path: string, form: Record<string, string> | URLSearchParams = {}) =>
    browser.fetch(site(path), {
      method: 'POST',
      headers: { origin: world.site.baseUrl },
      body: new URLSearchParams(form),
    });

  /** Chooses client `clientId` with `clientSecret` in `browser`; expects the 303 home. */
  async function useClient(browser: TestBrowser, clientId: string, clientSecret: string): Promise<void> {
    const res = await post(browser, '/partner/client', { client_id: clientId, client_secret: clientSecret });
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get('location')).toBe('/partner/');
    expect(res.headers.get('cache-control')).toBe('no-store');
  }

  /** Starts a sign-in in `browser`; the hub authorization URL it was sent to. */
  async function startSignIn(browser: TestBrowser): Promise<URL> {
    const res = await browser.fetch(site('/partner/sign-in'));
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  /** The hub's grants of the demo player, by client id. */
  async function grantedClients(): Promise<string[]> {
    const rows = await world.t.ctx.db
      .selectFrom('oidc_payloads')
      .innerJoin('users', 'users.id_user', 'oidc_payloads.account_id')
      .select('oidc_payloads.payload')
      .where('oidc_payloads.model', '=', 'Grant')
      .where('users.username', '=', DEMO_PLAYER.username)
      .execute();
    return rows.map((row) => (JSON.parse(row.payload) as { clientId: string }).clientId);
  }

  it("renders the form: heading, labelled fields, 'Use this client', the redirect URI to register", async () => {
    const res = await new TestBrowser().fetch(site('/partner/client'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${world.hubUrl}`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain('<h1>Use another client</h1>');
    expect(page).toContain('<form method="post" action="/partner/client">');
    expect(page).toMatch(
      /<label for="client-id">Client id<\/label>\s*<input\s+id="client-id"\s+name="client_id"/,
    );
    expect(page).toMatch(
      /<label for="client-secret">Client secret<\/label>\s*<input\s+id="client-secret"\s+name="client_secret"\s+type="password"/,
    );
    expect(page.match(/\brequired\b/g)).toHaveLength(2);
    expect(page).toMatch(/<button type="submit">Use this client<\/button>/);
    expect(page).toContain(`<code>${world.site.baseUrl}/partner/callback</code>`);
    expect(page).toContain(`its own client <code>${PARTNER_SITE_CLIENT.clientId}</code>`);
    expect(page).not.toContain('role="alert"');
  });

  it('refuses a bad form with a 400 form that says why, and keeps the client in use', async () => {
    const browser = new TestBrowser();
    const refused = async (form: URLSearchParams | Record<string, string>) => {
      const res = await post(browser, '/partner/client', form);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain('<p role="alert">This client cannot be used: correct the fields below.</p>');
      expect(page).toContain('<h1>Use another client</h1>');
      return page;
    };

    const empty = await refused({});
    expect(empty).toContain('Enter the client id.');
    expect(empty).toContain('Enter the client secret');
    expect(empty).toMatch(/id="client-id"[^>]*aria-invalid="true" aria-describedby="client-id-error"/);
    expect(empty).toContain('<p id="client-id-error"><strong>Error:</strong> Enter the client id.</p>');

    const badId = await refused({ client_id: '<b>bad id</b>', client_secret: 'secret' });
    expect(badId).toContain('A client id is 1 to 128 characters');
    expect(badId).toContain('value="&lt;b&gt;bad id&lt;/b&gt;"');
    expect(badId).not.toContain('<b>bad id');
    expect(badId).not.toContain('client-secret-error');

    expect(await refused({ client_id: 'x'.repeat(129), client_secret: 'secret' })).toContain(
      'A client id is 1 to 128 characters',
    );
    const long = await refused({ client_id: 'ok', client_secret: 's'.repeat(MAX_CLIENT_SECRET_LENGTH + 1) });
    expect(long).toContain(`A client secret is at most ${MAX_CLIENT_SECRET_LENGTH} characters.`);
    expect(long).not.toContain('s'.repeat(MAX_CLIENT_SECRET_LENGTH));
    expect(await refused({ client_id: 'ok', client_secret: 'a\u0000b' })).toContain(
      'A client secret cannot contain control characters.',
    );
    // A field given twice is no one value: refused, never a 500.
    const twice = new URLSearchParams([
      ['client_id', 'a'],
      ['client_id', 'b'],
      ['client_secret', 'secret'],
    ]);
    expect(await refused(twice)).toContain('Enter the client id.');

    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const home = await (await browser.fetch(site('/partner/'))).text();
    expect(home).not.toContain('Signing in as client');
    expect((await startSignIn(browser)).searchParams.get('client_id')).toBe(PARTNER_SITE_CLIENT.clientId);
  });

  it('refuses a choice or a reset posted from another site', async () => {
    const browser = new TestBrowser();
    await useClient(browser, SECOND_CLIENT_ID, secondSecret);
    const form = { client_id: 'attacker-client', client_secret: 'attacker-secret' };
    const attempts: Array<Record<string, string>> = [
      { origin: 'http://evil.test' },
      { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
      { origin: world.site.baseUrl, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      {},
    ];
    for (const headers of attempts) {
      for (const path of ['/partner/client', '/partner/client/reset']) {
        const res = await browser.fetch(site(path), {
          method: 'POST',
          headers,
          body: new URLSearchParams(form),
        });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.text()).toContain("This form can only be sent from this site's own pages.");
      }
    }
    const home = await (await browser.fetch(site('/partner/'))).text();
    expect(home).toContain(`Signing in as client ${SECOND_CLIENT_ID}`);
    // A browser with Fetch Metadata posting from the site's page (Origin null under no-referrer).
    const same = await browser.fetch(site('/partner/client/reset'), {
      method: 'POST',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(303);
    expect(await (await browser.fetch(site('/partner/'))).text()).not.toContain('Signing in as client');
  });

  it('signs the player in end to end as a client registered with npm run clients, then back to its own', async () => {
    const browser = new TestBrowser();
    await browser.fetch(site('/partner/'));
    await useClient(browser, SECOND_CLIENT_ID, secondSecret);
    const home = await (await browser.fetch(site('/partner/'))).text();
    expect(home).toContain(`<strong>Signing in as client ${SECOND_CLIENT_ID}</strong>`);
    expect(home).toContain('action="/partner/client/reset"');
    expect(home).toMatch(/<button type="submit" class="secondary">Use the site's own client<\/button>/);
    expect(home).not.toContain(secondSecret);
    const form = await (await browser.fetch(site('/partner/client'))).text();
    expect(form).toContain(`Signing in as client ${SECOND_CLIENT_ID}`);
    expect(form).not.toContain(secondSecret);

    const authorization = await startSignIn(browser);
    expect(authorization.searchParams.get('client_id')).toBe(SECOND_CLIENT_ID);
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${world.site.baseUrl}/partner/callback`);
    expect(authorization.href).not.toContain(secondSecret);
    const callback = await spaOAuth(world, authorization, await demoPlayerSession(world));
    const back = await browser.fetch(callback);
    expect(back.status, await back.clone().text()).toBe(303);
    // The exchange (and token/verify) went through as the second client: the hub's grant is its own.
    expect(await grantedClients()).toContain(SECOND_CLIENT_ID);
    const signedIn = await (await browser.fetch(site('/partner/'))).text();
    expect(signedIn).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    expect(signedIn).toContain(`Signing in as client ${SECOND_CLIENT_ID}`);
    // GET oauth/profile as the second client (the hub answers only the client its token was issued to).
    const profile = await browser.fetch(site(SITE_PAGES.profile));
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(`<h1>${DEMO_PLAYER.username}</h1>`);

    const reset = await post(browser, '/partner/client/reset');
    expect(reset.status).toBe(303);
    expect(reset.headers.get('location')).toBe('/partner/');
    const after = await (await browser.fetch(site('/partner/'))).text();
    expect(after).not.toContain('Signing in as client');
    expect(after).toContain(`its own client <code>${PARTNER_SITE_CLIENT.clientId}</code>`);
    // The player signed in as the other client is forgotten with it.
    expect(after).not.toContain('Signed in as');
    const own = await startSignIn(browser);
    expect(own.searchParams.get('client_id')).toBe(PARTNER_SITE_CLIENT.clientId);
    const ownBack = await browser.fetch(await spaOAuth(world, own, await demoPlayerSession(world)));
    expect(ownBack.status).toBe(303);
    expect(await (await browser.fetch(site('/partner/'))).text()).toContain(
      `Signed in as ${DEMO_PLAYER.username}`,
    );
  });

  it("ends on 'Sign-in failed' with the hub's error when the secret is wrong", async () => {
    const browser = new TestBrowser();
    await useClient(browser, SECOND_CLIENT_ID, `${secondSecret}-wrong`);
    const authorization = await startSignIn(browser);
    expect(authorization.searchParams.get('client_id')).toBe(SECOND_CLIENT_ID);
    const callback = await spaOAuth(world, authorization, await demoPlayerSession(world));
    const res = await browser.fetch(callback);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<h1>Sign-in failed</h1>');
    expect(page).toContain(
      'The hub refused the client&#39;s credentials (invalid_client): check the client id and secret.',
    );
    expect(page).not.toContain(secondSecret);
    expect(await (await browser.fetch(site('/partner/'))).text()).not.toContain('Signed in as');
  });
});

describe('a chosen client when the access token expired', { timeout: TEST_TIMEOUT_MS }, () => {
  let world: PartnerSiteWorld;
  let secret: string;

  beforeAll(async () => {
    // Two seconds: a token minted at the end of a second still lives a full second.
    world = await startPartnerSiteWorld({ overrides: { accessTokenTtlSeconds: 2 } });
    secret = await registerClientByCommand(world, SECOND_CLIENT_ID);
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world.close();
  });

  it('renews it with GET token/refresh as the chosen client', async () => {
    const browser = new TestBrowser();
    const site = (path: string) => `${world.site.baseUrl}${path}`;
    const chosen = await browser.fetch(site('/partner/client'), {
      method: 'POST',
      headers: { origin: world.site.baseUrl },
      body: new URLSearchParams({ client_id: SECOND_CLIENT_ID, client_secret: secret }),
    });
    expect(chosen.status).toBe(303);
    const start = await browser.fetch(site('/partner/sign-in'));
    const callback = await spaOAuth(
      world,
      new URL(start.headers.get('location')!),
      await demoPlayerSession(world),
    );
    expect((await browser.fetch(callback)).status).toBe(303);
    const refreshTokens = async (consumed: boolean) => {
      const rows = await world.t.ctx.db
        .selectFrom('oidc_payloads')
        .select('payload')
        .where('model', '=', 'RefreshToken')
        .where('consumed_at', consumed ? 'is not' : 'is', null)
        .execute();
      return rows.map((row) => (JSON.parse(row.payload) as { clientId: string }).clientId);
    };
    expect(await refreshTokens(true)).toEqual([]);
    await sleep(2100); // only to let the 2-second access token expire
    const page = await (await browser.fetch(site('/partner/'))).text();
    expect(page).toContain(`Signed in as ${DEMO_PLAYER.username}`);
    // The spent refresh token and its successor are the chosen client's.
    expect(await refreshTokens(true)).toEqual([SECOND_CLIENT_ID]);
    expect(await refreshTokens(false)).toEqual([SECOND_CLIENT_ID]);
  });
});
