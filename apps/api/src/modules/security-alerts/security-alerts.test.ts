/**
 * Security alerts by e-mail (issue 22 §6), on SQLite and PostgreSQL through the real app and the
 * sandbox's SMTP mailbox: a password log-in from a new device is announced (in the player's language,
 * with time, device and IP), a known device's is not, nor the first log-in after registration; password
 * change and recovery are announced; the e-mail change's alert is the mail the old address already
 * gets; "This wasn't me" (POST account/secure) revokes every session, forgets the known devices, sends a
 * recovery link, and is single-use and expiring; a passkey sign-in from a new device is announced too; with the flag off no alert is sent and the call is 404.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ANONYMOUS, STORES, asUser, json, linkIn, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  getToken,
  sessionOf,
  sleep,
  waitForMailCount,
  type Player,
} from '../../test/helpers.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** POST log/log-in from `userAgent` at `ip`, with the browser's `cookies`. */
function logInFrom(
  t: TestApp,
  player: Player,
  options: { cookie?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/log/log-in',
    headers: { ...ANONYMOUS, 'user-agent': FIREFOX, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip ?? '203.0.113.7',
    payload: { UsernameOrEmail: player.username, Password: player.password },
  });
}

/** The `name=value` of the device cookie a log-in answer set. */
function deviceCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.startsWith('_g2g_device_'));
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

function secure(t: TestApp, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/account/secure',
    headers: ANONYMOUS,
    payload: { Token: token },
  });
}

/** The "This wasn't me" token of a mail's text. */
function secureTokenIn(t: TestApp, text: string): string {
  return new URL(linkIn(text, `${t.config.publicUrl}/secure-account?token=`)).searchParams.get('token')!;
}

/** Waits a moment and checks that `address` has still `count` mails. */
async function expectMailCount(t: TestApp, address: string, count: number): Promise<void> {
  await sleep(300);
  expect((await t.mailbox(address)).length).toBe(count);
}

describe.each(STORES)('security alerts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { FEATURE_SECURITY_ALERTS: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('announce a log-in from a new device, in French for a French player, not from a known device', async () => {
    const player = await createPlayer(t, 'Alerted');
    await t.ctx.db.updateTable('users').set({ locale: 'fr' }).where('id', '=', player.id).execute();
    // The first log-in after registration: no alert (1 mail: the confirmation link).
    const first = await logInFrom(t, player);
    expect(first.statusCode, first.body).toBe(200);
    const cookie = deviceCookieOf(first);
    await expectMailCount(t, player.email, 1);
    // The same browser again: a known device.
    expect((await logInFrom(t, player, { cookie })).statusCode).toBe(200);
    await expectMailCount(t, player.email, 1);
    // Another browser: a new device.
    expect((await logInFrom(t, player, { ip: '198.51.100.9' })).statusCode).toBe(200);
    const [alert] = await waitForMailCount(t, player.email, 2);
    expect(alert.subject).toBe('Nouvelle connexion à votre compte Guildgate');
    expect(alert.html).toMatch(/<html[^>]*lang="fr"/);
    expect(alert.text).toContain('Appareil : Firefox 128 sous Ubuntu');
    expect(alert.text).toContain('Adresse IP : 198.51.100.9');
    expect(alert.text).toMatch(/Quand : \d{1,2} \S+ \d{4} à \d{2}:\d{2} UTC/);
    expect(alert.text).toContain('Ce n’était pas moi : sécuriser mon compte');
    expect(secureTokenIn(t, alert.text)).toMatch(/^[\w-]{43}$/);
  });

  it('announce a password change and a recovery; the link secures the account once', async () => {
    const player = await createPlayer(t, 'Changer');
    const here = await sessionOf(t, player);
    const elsewhere = await sessionOf(t, player); // a new device: alert #2
    await waitForMailCount(t, player.email, 2);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers: { ...asUser(here.token.Value), 'user-agent': FIREFOX },
      payload: {
        OldPassword: player.password,
        Password: 'Quartz9Lantern',
        ConfirmPassword: 'Quartz9Lantern',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [alert] = await waitForMailCount(t, player.email, 3);
    expect(alert.subject).toBe('Your Guildgate password was changed');
    expect(alert.text).toContain('Device: Firefox 128 on Ubuntu');
    const token = secureTokenIn(t, alert.text);
    expect((await getToken(t, here.identity)).statusCode).toBe(200);

    const secured = await secure(t, token);
    expect(secured.statusCode, secured.body).toBe(200);
    expect(json(secured)).toEqual({ SessionsRevoked: true, DevicesForgotten: true, RecoveryMailSent: true });
    // Every session ends, the caller's of the change too; the access token is refused.
    expect((await getToken(t, here.identity)).statusCode).toBe(400);
    expect((await getToken(t, elsewhere.identity)).statusCode).toBe(400);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}`,
      headers: asUser(here.token.Value),
    });
    expect(me.statusCode).toBe(401);
    // A recovery link arrives; the recovery itself is announced too.
    const [recovery] = await waitForMailCount(t, player.email, 4);
    const resetToken = new URL(
      linkIn(recovery.text, `${t.config.publicUrl}/password-recovery/reset?token=`),
    ).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-recovery-validation',
      headers: ANONYMOUS,
      payload: { Token: resetToken, Password: 'Harbor7Violet', Confirm: 'Harbor7Violet' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [recovered] = await waitForMailCount(t, player.email, 5);
    expect(recovered.subject).toBe('Your Guildgate password was changed');
    // Single use.
    expectErrors(await secure(t, token), 400, [['', 'ERROR_SECURE_ACCOUNT_NOTEXISTS']]);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('user_id', '=', player.id)
      .where('type', '=', 'account.secured')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('forget the known devices: the next log-in of a known browser is announced', async () => {
    const player = await createPlayer(t, 'Forgetful');
    const cookie = deviceCookieOf(await logInFrom(t, player));
    await sleep(1100); // the device cookie's `iat` has a one-second grain
    expect((await logInFrom(t, player)).statusCode).toBe(200);
    const [alert] = await waitForMailCount(t, player.email, 2);
    await sleep(1100);
    expect((await secure(t, secureTokenIn(t, alert.text))).statusCode).toBe(200);
    await waitForMailCount(t, player.email, 3); // the recovery link
    expect((await logInFrom(t, player, { cookie })).statusCode).toBe(200);
    const [again] = await waitForMailCount(t, player.email, 4);
    expect(again.subject).toBe('New sign-in to your Guildgate account');
  });

  it("fold the e-mail change's alert into the old address's mail, whose link recovers there", async () => {
    const player = await createPlayer(t, 'Moved');
    const here = await sessionOf(t, player);
    const newAddress = 'moved.new@players.test';
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${player.idUser}/update-email`,
      headers: asUser(here.token.Value),
      payload: { Email: newAddress, ConfirmEmail: newAddress },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [confirm] = await waitForMailCount(t, newAddress, 1);
    const uid = new URL(
      linkIn(confirm.text, `${t.config.publicUrl}/account/update-email/confirm?uid=`),
    ).searchParams.get('uid')!;
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/email/update-email-confirm?uid=${uid}`,
      headers: { ...ANONYMOUS, 'user-agent': FIREFOX },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // register, notice, recovery+alert: three mails to the old address, not four.
    const [changed] = await waitForMailCount(t, player.email, 3);
    await expectMailCount(t, player.email, 3);
    expect(changed.subject).toBe('Your Guildgate email address was changed');
    expect(changed.text).toContain('/account/update-email/recovery?uid=');
    expect(changed.text).toContain('Device: Firefox 128 on Ubuntu');
    const secured = await secure(t, secureTokenIn(t, changed.text));
    expect(secured.statusCode, secured.body).toBe(200);
    // The recovery link goes to the old address, whose owner was locked out.
    const [recovery] = await waitForMailCount(t, player.email, 4);
    expect(recovery.text).toContain('/password-recovery/reset?token=');
    expect((await t.mailbox(newAddress)).length).toBe(1);
  });

  it('announce a second factor added, a recovery code used (and its new device) and the factor removed', async () => {
    const player = await createPlayer(t, 'TwoFactor');
    const here = (await sessionOf(t, player)).token.Value;
    const api = (url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: { ...asUser(here), 'user-agent': FIREFOX },
        ...(payload ? { payload } : {}),
      });
    const { Secret } = json<{ Secret: string }>(await api('account/second-factors/totp'));
    const confirmed = await api('account/second-factors/totp/confirm', {
      Code: await generate({ secret: Secret, epoch: Math.floor(Date.now() / 1000) }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [recoveryCode] = json<{ RecoveryCodes: string[] }>(confirmed).RecoveryCodes;
    const added = await waitForMailCount(t, player.email, 2);
    expect(added.map((mail) => mail.subject)).toContain(
      'A second factor was added to your Guildgate account',
    );
    // Log-in from another browser with a recovery code: the code's use and the new device are told.
    const ticket = json<{ SecondFactorTicket: string }>(
      await logInFrom(t, player, { ip: '198.51.100.20' }),
    ).SecondFactorTicket;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/log/second-factor',
      headers: { ...ANONYMOUS, 'user-agent': FIREFOX },
      remoteAddress: '198.51.100.20',
      payload: { Ticket: ticket, RecoveryCode: recoveryCode, RememberDevice: false },
    });
    expect(second.statusCode, second.body).toBe(200);
    const afterLogIn = (await waitForMailCount(t, player.email, 4)).map((mail) => mail.subject);
    expect(afterLogIn).toContain('A recovery code of your Guildgate account was used');
    expect(afterLogIn).toContain('New sign-in to your Guildgate account');
    expect((await api('account/second-factors/totp/remove')).statusCode).toBe(200);
    const removed = (await waitForMailCount(t, player.email, 5)).map((mail) => mail.subject);
    expect(removed).toContain('A second factor was removed from your Guildgate account');
  });

  it('announce a passkey sign-in from a new device, not from a known one', async () => {
    const player = await createPlayer(t, 'Passkeyed');
    const here = (await sessionOf(t, player)).token.Value;
    const authenticator = new SoftwareAuthenticator(t.ctx.config.webauthn.origins[0] ?? '');
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/account/passkeys/registration-options',
      headers: asUser(here),
    });
    expect(options.statusCode, options.body).toBe(200);
    const { response } = authenticator.create(json<{ Options: Record<string, unknown> }>(options).Options);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account/passkeys',
      headers: asUser(here),
      payload: { Name: 'Laptop', Response: response },
    });
    expect(added.statusCode, added.body).toBe(200);
    // The confirmation link and "a second factor was added".
    await waitForMailCount(t, player.email, 2);
    const signIn = async (cookie?: string) => {
      const challenge = await t.app.inject({
        method: 'POST',
        url: '/api/log/passkey/options',
        headers: ANONYMOUS,
        payload: {},
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/log/passkey',
        headers: { ...ANONYMOUS, 'user-agent': FIREFOX, ...(cookie ? { cookie } : {}) },
        remoteAddress: '198.51.100.30',
        payload: {
          Response: authenticator.get(json<{ Options: Record<string, unknown> }>(challenge).Options),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const fromNewDevice = await signIn();
    const [alert] = await waitForMailCount(t, player.email, 3);
    expect(alert.subject).toBe('New sign-in to your Guildgate account');
    expect(alert.text).toContain('198.51.100.30');
    expect(secureTokenIn(t, alert.text)).toMatch(/^[\w-]{43}$/);
    // The same browser again: a known device, no new mail.
    await signIn(deviceCookieOf(fromNewDevice));
    await expectMailCount(t, player.email, 3);
  });

  it('refuse an unknown or expired link with the §8 shape', async () => {
    expectErrors(await secure(t, 'x'.repeat(43)), 400, [['', 'ERROR_SECURE_ACCOUNT_NOTEXISTS']]);
    expectErrors(await secure(t, ''), 400, [['', 'ERROR_SECURE_ACCOUNT_NOTEXISTS']]);
    const player = await createPlayer(t, 'Late');
    await logInFrom(t, player);
    await logInFrom(t, player);
    const [alert] = await waitForMailCount(t, player.email, 2);
    const token = secureTokenIn(t, alert.text);
    await t.ctx.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', player.id)
      .where('purpose', '=', 'secure_account')
      .execute();
    expectErrors(await secure(t, token), 400, [['', 'ERROR_SECURE_ACCOUNT_EXPIRED']]);
  });
});

describe('security alerts with the flag off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { FEATURE_SECURITY_ALERTS: 'false' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('send no alert, and POST account/secure is absent', async () => {
    const player = await createPlayer(t, 'Quiet');
    const here = await sessionOf(t, player);
    await sessionOf(t, player);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-reset',
      headers: asUser(here.token.Value),
      payload: {
        OldPassword: player.password,
        Password: 'Quartz9Lantern',
        ConfirmPassword: 'Quartz9Lantern',
      },
    });
    expect(changed.statusCode).toBe(200);
    await expectMailCount(t, player.email, 1);
    expect((await secure(t, 'x'.repeat(43))).statusCode).toBe(404);
    const links = await t.ctx.db
      .selectFrom('email_tokens')
      .select('id')
      .where('purpose', '=', 'secure_account')
      .execute();
    expect(links).toHaveLength(0);
  });
});
