/**
 * The partner site's own sessions, pages and client form (site-sessions.ts, pages.ts, client-form.ts):
 * sessions expire and are capped, a pending sign-in is single use and short-lived, a chosen client
 * replaces the site's own and forgets what the previous client started, the client form reads and
 * checks its two fields, posts only count from the site's own pages, and every value shown is escaped.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS, PENDING_TTL_MS, SESSION_TTL_MS, SiteSessions, clientOf } from './site-sessions.ts';
import { SITE_NAME, clientPage, homePage, signInFailedPage } from './pages.ts';
import { CLIENT_ID_PATTERN, fromSitePage, readClientForm } from './client-form.ts';
import { PARTNER_SITE_CLIENT } from './hub-client.ts';

describe('SiteSessions', () => {
  it('finds a session by its random id until it expires', () => {
    const sessions = new SiteSessions();
    const session = sessions.create(1000);
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessions.create(1000).id).not.toBe(session.id);
    expect(sessions.get(session.id, 1000 + SESSION_TTL_MS - 1)).toBe(session);
    expect(sessions.get(session.id, 1000 + SESSION_TTL_MS)).toBeNull();
    expect(sessions.get(session.id, 1000)).toBeNull();
    expect(sessions.get(undefined)).toBeNull();
    expect(sessions.get('unknown')).toBeNull();
  });

  it('gives a pending sign-in out once, with its page to go back to, and only within its lifetime', () => {
    const sessions = new SiteSessions();
    const session = sessions.create(0);
    const waiting = { state: 's', codeVerifier: 'v', returnTo: '/partner/profile' };
    session.pending = { ...waiting, expiresAt: PENDING_TTL_MS };
    expect(sessions.takePending(session, PENDING_TTL_MS - 1)).toEqual(waiting);
    expect(sessions.takePending(session, PENDING_TTL_MS - 1)).toBeNull();
    session.pending = { ...waiting, expiresAt: PENDING_TTL_MS };
    expect(sessions.takePending(session, PENDING_TTL_MS)).toBeNull();
    expect(sessions.takePending(null)).toBeNull();
  });

  it("uses a chosen client instead of the site's own, forgetting the previous client's sign-in", () => {
    const sessions = new SiteSessions();
    const session = sessions.create(0);
    expect(session.client).toBeNull();
    expect(clientOf(session)).toBe(PARTNER_SITE_CLIENT);
    expect(clientOf(null)).toBe(PARTNER_SITE_CLIENT);
    session.pending = { state: 's', codeVerifier: 'v', returnTo: '/partner/', expiresAt: PENDING_TTL_MS };
    session.player = { idUser: 'id', username: 'u', accessToken: 'a', refreshToken: 'r' };
    const chosen = { clientId: 'other', clientSecret: 'secret' };
    sessions.useClient(session, chosen);
    expect(clientOf(session)).toEqual(chosen);
    expect(session.client).not.toBe(chosen);
    expect(session.pending).toBeNull();
    expect(session.player).toBeNull();
    session.player = { idUser: 'id', username: 'u', accessToken: 'a', refreshToken: 'r' };
    sessions.useClient(session, null);
    expect(clientOf(session)).toBe(PARTNER_SITE_CLIENT);
    expect(session.player).toBeNull();
  });

  it(`keeps at most ${MAX_SESSIONS} sessions, forgetting the oldest`, () => {
    const sessions = new SiteSessions();
    const first = sessions.create();
    const second = sessions.create();
    for (let i = 0; i < MAX_SESSIONS - 1; i += 1) sessions.create();
    expect(sessions.size).toBe(MAX_SESSIONS);
    expect(sessions.get(first.id)).toBeNull();
    expect(sessions.get(second.id)).toBe(second);
    sessions.delete(second.id);
    expect(sessions.get(second.id)).toBeNull();
  });
});

describe('partner site pages', () => {
  it('offers Sign in to a visitor and names a signed-in player, escaped', () => {
    const out = homePage('http://hub.test', null).value;
    expect(out).toContain(`<h1>${SITE_NAME}</h1>`);
    expect(out).toContain('action="/partner/sign-in"');
    const player = { idUser: 'id-1', username: '<img src=x onerror=alert(1)>', expiresIn: 42 };
    const signedIn = homePage('http://hub.test', player, 'Note <b>').value;
    expect(signedIn).toContain('Signed in as &lt;img src=x onerror=alert(1)&gt;');
    expect(signedIn).not.toContain('<img');
    expect(signedIn).toContain('<p role="status">Note &lt;b&gt;</p>');
    expect(signedIn).toContain('valid 42 more seconds');
    expect(signedIn).toContain('action="/partner/sign-out"');
  });

  it("names the chosen client, escaped, with the way back to the site's own", () => {
    const own = homePage('http://hub.test', null).value;
    expect(own).toContain(`its own client <code>${PARTNER_SITE_CLIENT.clientId}</code>`);
    expect(own).not.toContain('action="/partner/client/reset"');
    expect(own).toContain('<a href="/partner/client">Use another client</a>');
    const chosen = homePage('http://hub.test', null, null, '<i>x</i>').value;
    expect(chosen).toContain('<strong>Signing in as client &lt;i&gt;x&lt;/i&gt;</strong>');
    expect(chosen).toContain('action="/partner/client/reset"');
    expect(chosen).not.toContain('<i>');
    const form = clientPage('http://site.test/partner/callback', null, {
      clientId: '"><script>',
      errors: { clientSecret: 'Bad <secret>' },
    }).value;
    expect(form).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(form).toContain('<p id="client-secret-error"><strong>Error:</strong> Bad &lt;secret&gt;</p>');
    expect(form).not.toContain('client-id-error');
    expect(form).not.toContain('<script>');
  });

  it('shows why a sign-in failed as an alert, escaped', () => {
    const out = signInFailedPage('error "<x>"').value;
    expect(out).toContain('<p role="alert">error &quot;&lt;x&gt;&quot;</p>');
  });
});

describe('the client form', () => {
  it('reads a client id of the hub and its secret, trimmed', () => {
    expect(readClientForm({ client_id: ' my-studio.site_1~x ', client_secret: '\tsecret value\n' })).toEqual({
      ok: true,
      client: { clientId: 'my-studio.site_1~x', clientSecret: 'secret value' },
    });
    expect(CLIENT_ID_PATTERN.test('a'.repeat(128))).toBe(true);
    expect(readClientForm({ client_id: 'a', client_secret: 's'.repeat(512) }).ok).toBe(true);
  });

  it('refuses what the hub would not take, per field, never throwing', () => {
    const errorsOf = (body: unknown) => {
      const result = readClientForm(body);
      if (result.ok) throw new Error('accepted');
      return result.errors;
    };
    for (const body of [undefined, null, 'text', {}, { client_id: ['a', 'b'], client_secret: 5 }]) {
      expect(errorsOf(body)).toEqual({
        clientId: 'Enter the client id.',
        clientSecret: 'Enter the client secret: the hub authenticates the client of this site.',
      });
    }
    for (const clientId of ['a b', 'a/b', 'é', 'a'.repeat(129), 'a:b']) {
      expect(errorsOf({ client_id: clientId, client_secret: 's' }).clientId).toMatch(/^A client id is/);
    }
    expect(errorsOf({ client_id: 'a', client_secret: 's'.repeat(513) }).clientSecret).toMatch(/at most 512/);
    for (const secret of ['a\u0000b', 'a\u007fb', 'a\u0085b', 'a\ud800b']) {
      expect(errorsOf({ client_id: 'a', client_secret: secret }).clientSecret).toMatch(/control characters/);
    }
    // The id typed is shown again, cut to 200 characters.
    expect(readClientForm({ client_id: 'x'.repeat(300), client_secret: '' })).toMatchObject({
      ok: false,
      clientId: 'x'.repeat(200),
    });
  });

  it("accepts posts from the site's own pages only", () => {
    const site = ['http://localhost:8090'];
    expect(fromSitePage({ 'sec-fetch-site': 'same-origin' }, site)).toBe(true);
    expect(fromSitePage({ 'sec-fetch-site': 'same-origin', origin: 'null' }, site)).toBe(true);
    expect(fromSitePage({ origin: 'http://localhost:8090' }, site)).toBe(true);
    expect(fromSitePage({ 'sec-fetch-site': 'same-origin', origin: 'http://evil.test' }, site)).toBe(false);
    expect(fromSitePage({ 'sec-fetch-site': 'cross-site', origin: 'http://localhost:8090' }, site)).toBe(
      false,
    );
    expect(fromSitePage({ 'sec-fetch-site': 'same-site' }, site)).toBe(false);
    expect(fromSitePage({ 'sec-fetch-site': 'none' }, site)).toBe(false);
    expect(fromSitePage({ origin: 'http://localhost:8091' }, site)).toBe(false);
    expect(fromSitePage({ origin: 'null' }, site)).toBe(false);
    expect(fromSitePage({}, site)).toBe(false);
  });
});
