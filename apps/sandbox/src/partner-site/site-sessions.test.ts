/**
 * The partner site's own sessions and pages (site-sessions.ts, pages.ts): sessions expire and are
 * capped, a pending sign-in is single use and short-lived, and every value shown is escaped.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS, PENDING_TTL_MS, SESSION_TTL_MS, SiteSessions } from './site-sessions.ts';
import { SITE_NAME, homePage, signInFailedPage } from './pages.ts';

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

  it('shows why a sign-in failed as an alert, escaped', () => {
    const out = signInFailedPage('error "<x>"').value;
    expect(out).toContain('<p role="alert">error &quot;&lt;x&gt;&quot;</p>');
  });
});
