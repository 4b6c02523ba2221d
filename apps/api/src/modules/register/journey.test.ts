/**
 * The first journey through the API (spec §4 Register, Session, Logout): register → e-mail over SMTP
 * → confirm link → log in → token → profile → log out, on every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS,
  STORES,
  asUser,
  json,
  registeredPlayer,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';

describe.each(STORES)('first journey on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers, confirms by e-mail, logs in, reads the profile and logs out', async () => {
    const player = await registeredPlayer(t, 'JourneyPlayer1');
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}?include=Block`,
      headers: asUser(player.accessToken),
    });
    expect(profile.statusCode).toBe(200);
    expect(json<{ Username: string; Email: string; Blocks: unknown[] }>(profile)).toMatchObject({
      Username: 'JourneyPlayer1',
      Email: player.email,
      Blocks: [],
    });
    const logout = await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${player.idUser}/log-out`,
      headers: asUser(player.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(json(logout)).toEqual({ CookieName: null });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/profile/connects',
      headers: asUser(player.accessToken),
    });
    expect(after.statusCode).toBe(401);
    const token = await t.app.inject({
      method: 'GET',
      url: `/api/token/${player.identity}`,
      headers: ANONYMOUS,
    });
    expect(token.statusCode).toBe(400);
    expect(json(token)).toEqual({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_TOKEN_INVALID' }] });
  });
});
