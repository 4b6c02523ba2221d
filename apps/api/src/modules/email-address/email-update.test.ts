/**
 * E-mail update (spec §2 Update email; §4 Email update; §7 POST profile/user/{userId}/update-email,
 * GET email/update-email-confirm, GET email/update-email-recovery; §8): the confirm link goes to the
 * new address and a notice to the old one; confirming moves the account and revokes the other sessions;
 * the recovery link sent to the old address restores it; links are single-use, expire, and only the
 * newest request's link works; another player's id is 403; bad input answers the §8 shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, linkIn, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  getToken,
  postLogin,
  sessionOf,
  waitForMailCount,
  type Player,
} from '../../test/helpers.ts';

function requestUpdate(t: TestApp, idUser: string, accessToken: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/profile/user/${encodeURIComponent(idUser)}/update-email`,
    headers: asUser(accessToken),
    payload: payload as Record<string, unknown>,
  });
}

function followLink(
  t: TestApp,
  kind: 'confirm' | 'recovery',
  uid: string,
  headers: Record<string, string> = ANONYMOUS,
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/email/update-email-${kind}?uid=${encodeURIComponent(uid)}`,
    headers,
  });
}

/** The uid of the newest `kind` link mailed to `to` (after it has received `count` mails). */
async function uidFrom(t: TestApp, to: string, kind: 'confirm' | 'recovery', count = 1): Promise<string> {
  const [mail] = await waitForMailCount(t, to, count);
  const link = linkIn(mail.text, `${t.config.publicUrl}/account/update-email/${kind}?uid=`);
  return new URL(link).searchParams.get('uid')!;
}

async function emailOf(t: TestApp, player: Player): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', player.id)
    .executeTakeFirstOrThrow();
  return row.email;
}

describe.each(STORES)('e-mail update on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('confirms through the new address, tells the old one, and recovery restores it', async () => {
    const player = await createPlayer(t, 'Mover');
    const here = await sessionOf(t, player);
    const elsewhere = await sessionOf(t, player);
    const newAddress = 'mover.new@players.test';

    const res = await requestUpdate(t, player.idUser, here.token.Value, {
      Email: ` ${newAddress} `,
      ConfirmEmail: 'Mover.New@players.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The confirm link goes to the new address; the old one gets a notice (its 2nd mail after register).
    const confirmUid = await uidFrom(t, newAddress, 'confirm');
    const [notice] = await waitForMailCount(t, player.email, 2);
    expect(notice.subject).toMatch(/change of your .* email address was requested/i);
    expect(notice.text).not.toContain(confirmUid);
    expect(await emailOf(t, player)).toBe(player.email);

    const confirmed = await followLink(t, 'confirm', confirmUid, asUser(here.token.Value));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await emailOf(t, player)).toBe(newAddress);
    expect((await postLogin(t, newAddress, player.password)).statusCode).toBe(200);
    expect((await postLogin(t, player.email, player.password)).statusCode).toBe(400);
    // The caller's session stays; the other one is revoked.
    expect((await getToken(t, here.identity)).statusCode).toBe(200);
    expect((await getToken(t, elsewhere.identity)).statusCode).not.toBe(200);
    // Used once.
    expectErrors(await followLink(t, 'confirm', confirmUid), 400, [
      ['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS'],
    ]);

    // The old address receives the recovery link; following it (in any browser) restores the address.
    const recoveryUid = await uidFrom(t, player.email, 'recovery', 3);
    const recovered = await followLink(t, 'recovery', recoveryUid);
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(await emailOf(t, player)).toBe(player.email);
    expect((await postLogin(t, player.email, player.password)).statusCode).toBe(200);
    // Anonymous recovery revokes every session: the account may have been taken over.
    expect((await getToken(t, here.identity)).statusCode).not.toBe(200);
    expectErrors(await followLink(t, 'recovery', recoveryUid), 400, [
      ['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS'],
    ]);
    const types = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .where('type', 'like', 'email.%')
      .orderBy('id')
      .execute();
    expect(types.map((e) => e.type)).toEqual([
      'email.confirmed',
      'email.update_requested',
      'email.updated',
      'email.recovered',
    ]);
  });

  it('answers each field by the registration rules', async () => {
    const player = await createPlayer(t, 'Checker');
    const other = await createPlayer(t, 'Holder');
    const { token } = await sessionOf(t, player);
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ Email: '', ConfirmEmail: '' }, [['Email', 'ERROR_EMAIL_EMPTY']]],
      [{ Email: 'not-an-address', ConfirmEmail: 'not-an-address' }, [['Email', 'ERROR_EMAIL_INVALID']]],
      [
        { Email: 'fresh@players.test', ConfirmEmail: 'other@players.test' },
        [['ConfirmEmail', 'ERROR_CONFIRM_EMAIL_INVALID']],
      ],
      [{ Email: player.email.toUpperCase(), ConfirmEmail: player.email }, [['Email', 'ERROR_EMAIL_SAME']]],
      [{ Email: other.email, ConfirmEmail: other.email }, [['Email', 'ERROR_EMAIL_EXIST']]],
      [
        { Email: 'someone@mailinator.com', ConfirmEmail: 'someone@mailinator.com' },
        [['Email', 'ERROR_EMAIL_DISPOSABLE_ADDRESS']],
      ],
      [
        { Email: `${'a'.repeat(250)}@x.test`, ConfirmEmail: 'x' },
        [
          ['Email', 'ERROR_EMAIL_LENGTH'],
          ['ConfirmEmail', 'ERROR_CONFIRM_EMAIL_INVALID'],
        ],
      ],
    ];
    for (const [payload, items] of cases) {
      expectErrors(await requestUpdate(t, player.idUser, token.Value, payload), 400, items);
    }
    expect(await emailOf(t, player)).toBe(player.email);
  });

  it("refuses another player's id (403) and a call without a token (401)", async () => {
    const player = await createPlayer(t, 'Owner');
    const intruder = await createPlayer(t, 'Intruder');
    const { token } = await sessionOf(t, intruder);
    const body = { Email: 'stolen@players.test', ConfirmEmail: 'stolen@players.test' };
    const res = await requestUpdate(t, player.idUser, token.Value, body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_FORBIDDEN' }] });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${player.idUser}/update-email`,
      headers: ANONYMOUS,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.mailbox('stolen@players.test')).toEqual([]);
  });

  it('lets only the newest request confirm, refuses expired links and an address taken meanwhile', async () => {
    const player = await createPlayer(t, 'Hesitant');
    const { token } = await sessionOf(t, player);
    const first = 'hesitant.one@players.test';
    const second = 'hesitant.two@players.test';
    expect(
      (await requestUpdate(t, player.idUser, token.Value, { Email: first, ConfirmEmail: first })).statusCode,
    ).toBe(200);
    const firstUid = await uidFrom(t, first, 'confirm');
    expect(
      (await requestUpdate(t, player.idUser, token.Value, { Email: second, ConfirmEmail: second }))
        .statusCode,
    ).toBe(200);
    const secondUid = await uidFrom(t, second, 'confirm');
    expectErrors(await followLink(t, 'confirm', firstUid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_NOTEXISTS']]);

    // Expired: the stored expiry passes.
    await t.ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', player.id)
      .where('purpose', '=', 'email_update_confirm')
      .where('used_at', 'is', null)
      .execute();
    expectErrors(await followLink(t, 'confirm', secondUid), 400, [['Uid', 'ERROR_EMAIL_RECOVERY_EXPIRED']]);

    // Taken meanwhile: another player registers the requested address before the link is followed.
    const third = 'hesitant.three@players.test';
    expect(
      (await requestUpdate(t, player.idUser, token.Value, { Email: third, ConfirmEmail: third })).statusCode,
    ).toBe(200);
    const thirdUid = await uidFrom(t, third, 'confirm');
    await createPlayer(t, 'Quicker', { confirmed: false, form: { Email: third, ConfirmEmail: third } });
    expectErrors(await followLink(t, 'confirm', thirdUid), 400, [['Email', 'ERROR_EMAIL_EXIST']]);
    expect(await emailOf(t, player)).toBe(player.email);
  });

  it('answers bad link queries in the §8 shape', async () => {
    for (const url of [
      '/api/email/update-email-confirm',
      '/api/email/update-email-confirm?uid=',
      '/api/email/update-email-recovery?uid=unknown',
      `/api/email/update-email-recovery?uid=${'x'.repeat(5000)}`,
      '/api/email/update-email-confirm?uid=a&uid=b',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: ANONYMOUS });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toHaveProperty('ErrorMessages');
    }
  });

  it('answers wrong types in the request with the §8 shape', async () => {
    const player = await createPlayer(t, 'Typist');
    const { token } = await sessionOf(t, player);
    for (const payload of [
      { Email: 42 },
      { Email: ['a@b.test'] },
      { Email: null, ConfirmEmail: {} },
      'text',
    ]) {
      const res = await requestUpdate(t, player.idUser, token.Value, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
  });
});

describe.each(STORES)('e-mail update in a partner environment on %s', (kind) => {
  it('refuses: CREATIVE-ASSEMBLY and FOCUS cannot update the e-mail (spec §2)', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS' } });
    try {
      const player = await createPlayer(t, 'FocusMover');
      const { token } = await sessionOf(t, player);
      const body = { Email: 'focus.new@players.test', ConfirmEmail: 'focus.new@players.test' };
      expectErrors(await requestUpdate(t, player.idUser, token.Value, body), 400, [
        ['', 'ERROR_NOT_ALLOWED'],
      ]);
    } finally {
      await t.close();
    }
  });
});
