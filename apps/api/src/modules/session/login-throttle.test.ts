/**
 * Throttling that cannot lock the real player out (issue 17 §3; DESIGN.md §5; OWASP Authentication
 * Cheat Sheet "account lockout", "device cookies"; docs/security.md "Throttling"): the attack replayed
 * — hundreds of wrong passwords from many addresses, and from one — and the owner logging in from their
 * known device during and right after it. Per account+IP (or per known device) an exponential back-off
 * after a few failures; per IP across accounts a limit; per account across IPs a limit that a known
 * device does not meet, and that the captcha lifts when one is configured. Refused attempts are not
 * counted again. On every store, with the counters in Redis when REDIS_URL is set, and in PostgreSQL or
 * memory without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import type { AppConfig } from '../../config/config.ts';
import {
  ANONYMOUS,
  STORES,
  TEST_CAPTCHA_KEYS,
  json,
  startTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../test/harness.ts';
import { createPlayer, expectErrors, linkParamFromMail, sleep, type Player } from '../../test/helpers.ts';
import { backoffSeconds, deviceCookieName, startLoginAttempt } from './login-throttle.ts';
import { signedTokensKey } from '../../lib/signed-tokens.ts';

/** Small numbers, so that an attack is a few hundred calls. */
const THROTTLE: AppConfig['loginThrottle'] = {
  freeFailures: 3,
  backoffMaxSeconds: 900,
  ipFailuresPerHour: 40,
  accountFailures: 25,
  accountWindowSeconds: 900,
  deviceCookieDays: 365,
};

/** POST log/log-in from `ip`, with the `cookie` header when given and a captcha `token` when given. */
function logInFrom(
  t: TestApp,
  ip: string,
  username: string,
  password: string,
  extra: { cookie?: string; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/log/log-in',
    headers: { ...ANONYMOUS, ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    payload: {
      UsernameOrEmail: username,
      Password: password,
      ...(extra.token ? { Token: extra.token } : {}),
    },
    remoteAddress: ip,
  });
}

/** The `name=value` of the known-device cookie a successful log-in of `player` set. */
function deviceCookieOf(res: LightMyRequestResponse, player: Player): string {
  const cookie = res.cookies.find((c) => c.name === deviceCookieName(player.idUser));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The i-th address of a botnet (all distinct, none the owner's). */
const bot = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Sends `count` wrong passwords for `username` from `ip(i)`; returns the statuses in order. */
async function attack(t: TestApp, username: string, count: number, ip: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    statuses.push((await logInFrom(t, ip(i), username, `Guess${i}wrong`)).statusCode);
  }
  return statuses;
}

describe('backoffSeconds', () => {
  it('doubles from 1 s after the free failures and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 10].map((k) => backoffSeconds(k, 900))).toEqual([1, 2, 4, 8, 16, 512]);
    expect(backoffSeconds(11, 900)).toBe(900);
    expect(backoffSeconds(60, 900)).toBe(900);
  });
});

const VARIANTS = STORES.flatMap((kind) => [
  { kind, redis: Boolean(process.env.REDIS_URL) },
  ...(process.env.REDIS_URL ? [{ kind, redis: false }] : []),
]);

describe.each(VARIANTS)('log-in throttling on $kind (Redis: $redis)', ({ kind, redis }) => {
  let t: TestApp;
  const start = (options: TestAppOptions = {}) =>
    startTestApp(kind, { ...options, withoutRedis: !redis, overrides: { loginThrottle: THROTTLE } });

  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the owner in from their known device during and right after an attack from many addresses', async () => {
    const owner = await createPlayer(t, 'Besieged1');
    const first = await logInFrom(t, '198.51.100.10', owner.username, owner.password);
    expect(first.statusCode, first.body).toBe(200);
    const device = deviceCookieOf(first, owner);

    // 300 guesses from 300 addresses: the account-wide limit checks 25 of them, then refuses the rest.
    const statuses = await attack(t, owner.username, 300, bot);
    expect(statuses.slice(0, THROTTLE.accountFailures).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(THROTTLE.accountFailures).every((s) => s === 429)).toBe(true);

    // During the attack: the owner's known device gets in; a device it never used is held off.
    const during = await logInFrom(t, '198.51.100.10', owner.username, owner.password, { cookie: device });
    expect(during.statusCode, during.body).toBe(200);
    const stranger = await logInFrom(t, '198.51.100.11', owner.username, owner.password);
    expectErrors(stranger, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    // The attack goes on; refused guesses are not counted; the owner still gets in right after.
    expect(new Set(await attack(t, owner.username, 100, (i) => bot(1000 + i)))).toEqual(new Set([429]));
    // The cookie is a day fresh: the log-in from it gave no new one, and it still serves.
    expect(during.cookies).toEqual([]);
    const after = await logInFrom(t, '203.0.113.99', owner.username, owner.password, { cookie: device });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('backs one address off exponentially, without locking the owner out anywhere', async () => {
    const owner = await createPlayer(t, 'Besieged2');
    const device = deviceCookieOf(await logInFrom(t, '198.51.100.20', owner.username, owner.password), owner);
    const attacker = '203.0.113.20';
    // A burst as fast as one address can: the free ones and one more are checked, then it waits. Five
    // refusals follow, not more: the burst must end within the 1-second wait even on a loaded machine
    // (50 guesses took longer than that under load, and the wait ran out mid-burst).
    const statuses = await attack(t, owner.username, THROTTLE.freeFailures + 6, () => attacker);
    expect(statuses.filter((s) => s === 400)).toHaveLength(THROTTLE.freeFailures + 1);
    expect(statuses.slice(THROTTLE.freeFailures + 1).every((s) => s === 429)).toBe(true);
    const waiting = await logInFrom(t, attacker, owner.username, 'Guess0wrong');
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    // After the wait, one more guess is checked, and the next wait is twice as long.
    await sleep(1100);
    expect((await logInFrom(t, attacker, owner.username, 'Guess1wrong')).statusCode).toBe(400);
    const longer = await logInFrom(t, attacker, owner.username, 'Guess2wrong');
    expectErrors(longer, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(longer.headers['retry-after'])).toBe(2);
    // Elsewhere the owner is not concerned: a new device, and the known one.
    expect((await logInFrom(t, '198.51.100.21', owner.username, owner.password)).statusCode).toBe(200);
    expect(
      (await logInFrom(t, '198.51.100.20', owner.username, owner.password, { cookie: device })).statusCode,
    ).toBe(200);
  });

  it('does not count attempts cut short by a failing dependency: no back-off once it is back', async () => {
    const owner = await createPlayer(t, 'Interrupted1');
    const ip = '203.0.113.25';
    // Twice the free failures, each reserved and then abandoned (what a 503 in the middle of the check
    // does, login.ts): none of them is a failure.
    for (let i = 0; i < THROTTLE.freeFailures * 2; i += 1) {
      const attempt = await startLoginAttempt(t.ctx, {
        idUser: owner.idUser,
        ip,
        deviceToken: undefined,
        captcha: { token: undefined, verified: false },
      });
      attempt.abandoned();
      await sleep(20); // the reservations are given back in the background
    }
    // The owner's series is untouched: every free failure is still checked, then the back-off starts.
    const statuses = await attack(t, owner.username, THROTTLE.freeFailures + 2, () => ip);
    expect(statuses).toEqual([...Array(THROTTLE.freeFailures + 1).fill(400), 429]);
    expect((await logInFrom(t, '198.51.100.25', owner.username, owner.password)).statusCode).toBe(200);
  });

  it('lets at most the free failures and one more of 20 simultaneous guesses from one address be checked', async () => {
    const owner = await createPlayer(t, 'Besieged3');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => logInFrom(t, '203.0.113.30', owner.username, `Guess${i}wrong`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(THROTTLE.freeFailures + 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - THROTTLE.freeFailures - 1);
  });

  it('limits the failures of one address across accounts, except for a known device', async () => {
    const owner = await createPlayer(t, 'Besieged4');
    const device = deviceCookieOf(await logInFrom(t, '203.0.113.40', owner.username, owner.password), owner);
    const sprayer = '203.0.113.40';
    // Password spraying: one guess per account, known or not, from one address.
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await logInFrom(t, sprayer, `Sprayed${i}`, 'Spring2024')).statusCode);
    }
    expect(statuses.slice(0, THROTTLE.ipFailuresPerHour).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(THROTTLE.ipFailuresPerHour).every((s) => s === 429)).toBe(true);
    // The owner behind that address without their device is held off too; with it, gets in.
    expectErrors(await logInFrom(t, sprayer, owner.username, owner.password), 429, [
      ['', 'ERROR_RATE_LIMITED'],
    ]);
    const known = await logInFrom(t, sprayer, owner.username, owner.password, { cookie: device });
    expect(known.statusCode, known.body).toBe(200);
  });

  it("honours only the player's own, untampered device cookie", async () => {
    const owner = await createPlayer(t, 'Besieged5');
    const other = await createPlayer(t, 'Bystander5');
    const device = deviceCookieOf(await logInFrom(t, '198.51.100.50', owner.username, owner.password), owner);
    const otherDevice = deviceCookieOf(
      await logInFrom(t, '198.51.100.51', other.username, other.password),
      other,
    );
    await attack(t, owner.username, THROTTLE.accountFailures, (i) => bot(5000 + i));
    const [name, value] = device.split('=') as [string, string];
    const forged = [
      `${name}=${value.slice(0, -4)}AAAA`,
      `${name}=${otherDevice.split('=')[1]}`,
      `${name}=not-a-token`,
      otherDevice,
    ];
    for (const cookie of forged) {
      const res = await logInFrom(t, '198.51.100.52', owner.username, owner.password, { cookie });
      expect(res.statusCode, cookie).toBe(429);
    }
    expect(
      (await logInFrom(t, '198.51.100.52', owner.username, owner.password, { cookie: device })).statusCode,
    ).toBe(200);
  });

  it('sets the device cookie signed, HttpOnly, SameSite=Strict, for the log-in calls only', async () => {
    const owner = await createPlayer(t, 'Besieged6');
    const res = await logInFrom(t, '198.51.100.60', owner.username, owner.password);
    const cookie = res.cookies.find((c) => c.name === deviceCookieName(owner.idUser));
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/log',
      maxAge: 365 * 86_400,
    });
    expect(cookie!.value.split('.')).toHaveLength(3);
    expect(cookie!.value).not.toContain(owner.password);
    // A failed log-in sets none.
    const failed = await logInFrom(t, '198.51.100.60', owner.username, 'Guess0wrong');
    expect(failed.cookies).toEqual([]);
  });

  it('renews a known device cookie older than a day at the next log-in, and only then', async () => {
    const owner = await createPlayer(t, 'Besieged7');
    const fresh = deviceCookieOf(await logInFrom(t, '198.51.100.70', owner.username, owner.password), owner);
    const again = await logInFrom(t, '198.51.100.70', owner.username, owner.password, { cookie: fresh });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.cookies).toEqual([]);
    // The cookie the API would have set two days ago: still a known device, and given a new cookie.
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: t.ctx.signingKey.kid, typ: 'device+jwt' })
      .setIssuer(t.config.publicUrl)
      .setAudience('guildgate:known-device')
      .setSubject(owner.idUser)
      .setJti('two-days-old')
      .setIssuedAt(now - 2 * 86_400)
      .setExpirationTime(now + 300 * 86_400)
      .sign(signedTokensKey(t.ctx));
    await attack(t, owner.username, THROTTLE.accountFailures, (i) => bot(7000 + i));
    const renewed = await logInFrom(t, '198.51.100.71', owner.username, owner.password, {
      cookie: `${deviceCookieName(owner.idUser)}=${old}`,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = deviceCookieOf(renewed, owner);
    expect(next).not.toContain(old);
    expect(
      (await logInFrom(t, '198.51.100.72', owner.username, owner.password, { cookie: next })).statusCode,
    ).toBe(200);
  });

  it("lets the owner's new device in once they reset their password by e-mail", async () => {
    const owner = await createPlayer(t, 'Besieged8');
    await attack(t, owner.username, THROTTLE.accountFailures + 5, (i) => bot(8000 + i));
    expectErrors(await logInFrom(t, '198.51.100.80', owner.username, owner.password), 429, [
      ['', 'ERROR_RATE_LIMITED'],
    ]);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-recovery',
      headers: ANONYMOUS,
      payload: { Email: owner.email },
    });
    expect(asked.statusCode).toBe(200);
    const token = await linkParamFromMail(
      t,
      owner.email,
      `${t.config.publicUrl}/password-recovery/reset?token=`,
      'token',
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/password-recovery-validation',
      headers: ANONYMOUS,
      payload: { Token: token, Password: 'Renewed2025pass', Confirm: 'Renewed2025pass' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const back = await logInFrom(t, '198.51.100.80', owner.username, 'Renewed2025pass');
    expect(back.statusCode, back.body).toBe(200);
  });

  it('asks a new device for the captcha instead of refusing it when one is configured', async () => {
    // The captcha is configured, but the flag that asks it at every log-in is off.
    const stepUp = await start({ captcha: 'step-up' });
    try {
      const owner = await createPlayer(stepUp, 'Besieged7');
      await attack(stepUp, owner.username, THROTTLE.accountFailures + 10, bot);
      expectErrors(await logInFrom(stepUp, '198.51.100.70', owner.username, owner.password), 400, [
        ['', 'ERROR_CAPTCHA_REQUIRED'],
      ]);
      const token = async () => {
        const url = `${stepUp.sandboxUrl}/recaptcha/api/token?k=${TEST_CAPTCHA_KEYS.siteKey}&action=login`;
        return ((await (await fetch(url)).json()) as { token: string }).token;
      };
      expectErrors(
        await logInFrom(stepUp, '198.51.100.70', owner.username, owner.password, { token: 'not-a-token' }),
        400,
        [['', 'ERROR_CAPTCHA_LOGIN_INVALID']],
      );
      const passed = await logInFrom(stepUp, '198.51.100.70', owner.username, owner.password, {
        token: await token(),
      });
      expect(passed.statusCode, passed.body).toBe(200);
      expect(json<{ Created: string }>(passed).Created).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // A wrong password with a good captcha is checked and refused as usual.
      expectErrors(
        await logInFrom(stepUp, '198.51.100.71', owner.username, 'Guess0wrong', { token: await token() }),
        400,
        [['', 'ERROR_USERNAME_PASSWORD_INCORRECT']],
      );
    } finally {
      await stepUp.close();
    }
  });
});
