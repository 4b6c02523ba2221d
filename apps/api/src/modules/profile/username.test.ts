/**
 * POST profile/user/{userId}/update-username (spec §2 Update username; §5 username rules; §8): the
 * new name shows in the profile and logs in, the rules and uniqueness answer per field, another
 * player's id is 403, partner environments refuse, and bad input answers the §8 shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, asUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, postLogin, sessionOf, type Player } from '../../test/helpers.ts';

function update(t: TestApp, idUser: string, accessToken: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/profile/user/${encodeURIComponent(idUser)}/update-username`,
    headers: asUser(accessToken),
    payload: payload as Record<string, unknown>,
  });
}

describe.each(STORES)('update username on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  let other: Player;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    player = await createPlayer(t, 'NameChanger');
    other = await createPlayer(t, 'TakenName');
    token = (await sessionOf(t, player)).token.Value;
  });
  afterAll(async () => {
    await t.close();
  });

  it('renames the player: the profile shows it and it logs in, the old name no longer does', async () => {
    const res = await update(t, player.idUser, token, { Username: '  NewName42 ' });
    expect(res.statusCode, res.body).toBe(200);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}`,
      headers: asUser(token),
    });
    expect(profile.json()).toMatchObject({ Username: 'NewName42' });
    expect((await postLogin(t, 'newname42', player.password)).statusCode).toBe(200);
    expect((await postLogin(t, 'NameChanger', player.password)).statusCode).toBe(400);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .where('type', '=', 'username.updated')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('keeps its own name in another case, and refuses a name taken by someone else', async () => {
    expect((await update(t, player.idUser, token, { Username: 'NEWNAME42' })).statusCode).toBe(200);
    expectErrors(await update(t, player.idUser, token, { Username: 'takenname' }), 400, [
      ['Username', 'ERROR_USERNAME_EXIST'],
    ]);
  });

  it('answers the §5 username rules on the Username field', async () => {
    const cases: Array<[string, string]> = [
      ['', 'ERROR_USERNAME_LENGTH'],
      ['x', 'ERROR_USERNAME_LENGTH'],
      ['a'.repeat(26), 'ERROR_USERNAME_LENGTH'],
      ['bad name', 'ERROR_USERNAME_PATTERN'],
      ['123456', 'ERROR_USERNAME_LETTERS'],
      ['me@example.com', 'ERROR_USERNAME_EMAIL'],
    ];
    for (const [Username, code] of cases)
      expectErrors(await update(t, player.idUser, token, { Username }), 400, [['Username', code]]);
  });

  it("refuses another player's id (403) and a missing or bad token (401)", async () => {
    expect((await update(t, other.idUser, token, { Username: 'Hijacked1' })).statusCode).toBe(403);
    expect((await update(t, player.idUser, 'not-a-token', { Username: 'Anon1' })).statusCode).toBe(401);
    const unchanged = await t.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.username).toBe('TakenName');
  });

  it('answers bad bodies with the §8 shape, never a 5xx', async () => {
    for (const payload of [
      { Username: 42 },
      { Username: 'a'.repeat(5000) },
      { Username: 'Nul\u0000Name' },
      [],
    ]) {
      const res = await update(t, player.idUser, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
  });
});

describe.each(STORES)('update username in a partner environment on %s', (kind) => {
  it('refuses: CREATIVE-ASSEMBLY and FOCUS cannot update the username (spec §2)', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'CREATIVE-ASSEMBLY' } });
    try {
      const player = await createPlayer(t, 'AssemblyName');
      const { token } = await sessionOf(t, player);
      expectErrors(await update(t, player.idUser, token.Value, { Username: 'Renamed1' }), 400, [
        ['', 'ERROR_NOT_ALLOWED'],
      ]);
    } finally {
      await t.close();
    }
  });
});
