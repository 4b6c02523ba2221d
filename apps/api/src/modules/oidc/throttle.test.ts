/**
 * Secret guessing at the OpenID Provider (throttle.ts; RFC 6749 §2.3.1), on every store: failed client
 * authentications at the token, introspection and revocation endpoints count per IP; past
 * RATE_LIMIT_PER_MINUTE of them, the address is refused 429 in the §8 shape with Retry-After — even with
 * the right secret — while a successful authentication counts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { issueClientSecret } from '../oauth-clients/index.ts';

const CLIENT = 'oidc-guessed';

describe.each(STORES)('client authentication failures at the OpenID Provider on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let secret: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, { env: { PUBLIC_URL: base, RATE_LIMIT_PER_MINUTE: '3' } });
    await t.app.listen({ port, host: '127.0.0.1' });
    secret = await issueClientSecret(t.ctx.db, CLIENT, 'Guessed');
    await t.ctx.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify([`${base}/`]) })
      .where('client_id', '=', CLIENT)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  /** POST `path` with the client's Basic credentials using `password`. */
  const post = (path: string, password: string, body: string) =>
    fetch(`${base}/oidc${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT}:${password}`).toString('base64')}`,
      },
      body,
    });

  it('refuses an address after RATE_LIMIT_PER_MINUTE wrong secrets, even with the right one', async () => {
    // A right secret counts nothing.
    const ok = await post('/token/introspection', secret, 'token=unknown');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ active: false });
    for (const [path, body] of [
      ['/token', 'grant_type=refresh_token&refresh_token=x'],
      ['/token/introspection', 'token=x'],
      ['/token/revocation', 'token=x'],
    ] as const) {
      const refused = await post(path, 'guess', body);
      expect(refused.status, path).toBe(401);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
    }
    const limited = await post('/token/introspection', secret, 'token=unknown');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({
      ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_RATE_LIMITED' }],
    });
    // Reading the discovery document is not a client authentication.
    expect((await fetch(`${base}/oidc/.well-known/openid-configuration`)).status).toBe(200);
  });
});
