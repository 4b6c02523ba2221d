/**
 * Bans (spec §6 "Banned accounts and banned IPs are refused"; §8 ERROR_USER_BANNED, IP banned: generic,
 * login, register variants): address and range parsing and matching (IPv4, IPv6, IPv4-mapped); a banned
 * address is refused at identify, log-in, registration, recovery, resend and access-key validation with
 * its code, until the ban expires or is lifted; a banned player's sessions end and they cannot log in;
 * the operator command. On SQLite and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, registerForm, startTestApp, type TestApp } from '../../test/harness.ts';
import { countRows, createPlayer, expectErrors, getToken, sessionOf } from '../../test/helpers.ts';
import { ipInRanges, parseIpRange } from './ip-bans.ts';
import { banIp, liftIpBan } from './service.ts';
import { setPlayerBanned } from '../session/player-bans.ts';

const run = promisify(execFile);

describe('IP ranges', () => {
  it('parses addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseIpRange('203.0.113.7')).toEqual({ address: '203.0.113.7', prefix: 32, family: 'ipv4' });
    expect(parseIpRange(' 203.0.113.0/24 ')).toEqual({ address: '203.0.113.0', prefix: 24, family: 'ipv4' });
    expect(parseIpRange('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    for (const bad of [
      '',
      'localhost',
      '203.0.113.0/33',
      '203.0.113.0/-1',
      '203.0.113.0/24/1',
      '1.2.3',
      '::1/129',
      '10.0.0.0/ 8',
      '10.0.0.0/8a',
    ])
      expect(parseIpRange(bad), bad).toBeNull();
  });

  it('matches IPv4, IPv6 and IPv4-mapped addresses', () => {
    const ranges = ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'].map((r) => parseIpRange(r)!);
    for (const ip of ['203.0.113.1', '203.0.113.255', '::ffff:203.0.113.9', '2001:db8:1::5', '198.51.100.7'])
      expect(ipInRanges(ip, ranges), ip).toBe(true);
    for (const ip of ['203.0.114.1', '198.51.100.8', '2001:db9::1', 'not-an-ip', ''])
      expect(ipInRanges(ip, ranges), ip).toBe(false);
    expect(ipInRanges('8.8.8.8', [parseIpRange('0.0.0.0/0')!])).toBe(true);
  });
});

describe.each(STORES)('bans on %s', (kind) => {
  let t: TestApp;
  const BANNED = '203.0.113.9';
  const CLEAN = '198.51.100.1';
  const post = (url: string, payload: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, headers: ANONYMOUS, payload, remoteAddress });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a banned address on every anonymous form, with the variant of each', async () => {
    const player = await createPlayer(t, 'Roamer');
    await banIp(t.ctx.db, '203.0.113.0/24', { reason: 'abuse' });
    const users = await countRows(t, 'users');
    const generic: Array<[string, Record<string, unknown>]> = [
      ['/api/log/identify', { UsernameOrEmail: player.username }],
      ['/api/log/log-in', { UsernameOrEmail: player.username, Password: player.password }],
      [`/api/log/user/${player.idUser}/log-in`, { Password: player.password }],
      ['/api/password/password-recovery', { Email: player.email }],
      [
        '/api/password/password-recovery-validation',
        { Token: 'x', Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' },
      ],
      ['/api/password/password-recovery-check', { Token: 'x' }],
      ['/api/email/send-confirmation-email', { Email: player.email }],
      ['/api/accesskey/validate', { Value: 'GG-0000-0000-0000-0000' }],
    ];
    for (const [url, payload] of generic)
      expectErrors(await post(url, payload, BANNED), 400, [['', 'ERROR_USER_IP_BANNED']]);
    expectErrors(await post('/api/register/new-user', registerForm('FromBanned'), BANNED), 400, [
      ['', 'ERROR_USER_IP_BANNED_REGISTER'],
    ]);
    expect(await countRows(t, 'users')).toBe(users);
    // Another address is not concerned; IPv4-mapped IPv6 is the same address.
    expect(
      (await post('/api/log/log-in', { UsernameOrEmail: player.username, Password: player.password }, CLEAN))
        .statusCode,
    ).toBe(200);
    expectErrors(
      await post('/api/log/identify', { UsernameOrEmail: player.username }, `::ffff:${BANNED}`),
      400,
      [['', 'ERROR_USER_IP_BANNED']],
    );

    expect(await liftIpBan(t.ctx.db, '203.0.113.0/24')).toBe(true);
    expect((await post('/api/log/identify', { UsernameOrEmail: player.username }, BANNED)).statusCode).toBe(
      200,
    );
  });

  it('stops applying a ban when it expires', async () => {
    await banIp(t.ctx.db, '192.0.2.0/24', { days: 1 });
    const player = await createPlayer(t, 'Returning');
    expectErrors(await post('/api/log/identify', { UsernameOrEmail: player.username }, '192.0.2.5'), 400, [
      ['', 'ERROR_USER_IP_BANNED'],
    ]);
    await t.ctx.db.updateTable('banned_ips').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(
      (await post('/api/log/identify', { UsernameOrEmail: player.username }, '192.0.2.5')).statusCode,
    ).toBe(200);
  });

  it("ends a banned player's sessions and refuses them until the ban is lifted", async () => {
    const player = await createPlayer(t, 'Cheater');
    const session = await sessionOf(t, player);
    expect(await setPlayerBanned(t.ctx, player.email.toUpperCase(), true)).toBe(true);
    expect((await getToken(t, session.identity)).statusCode).not.toBe(200);
    expectErrors(await post('/api/log/identify', { UsernameOrEmail: player.username }, CLEAN), 400, [
      ['UsernameOrEmail', 'ERROR_USER_BANNED'],
    ]);
    expectErrors(
      await post('/api/log/log-in', { UsernameOrEmail: player.username, Password: player.password }, CLEAN),
      400,
      [['', 'ERROR_USER_BANNED']],
    );
    expect(await setPlayerBanned(t.ctx, player.username, false)).toBe(true);
    expect(
      (await post('/api/log/log-in', { UsernameOrEmail: player.username, Password: player.password }, CLEAN))
        .statusCode,
    ).toBe(200);
    expect(await setPlayerBanned(t.ctx, 'nobody-at-all', true)).toBe(false);
  });
});

describe('the bans command', () => {
  it('bans and lifts addresses and players, and refuses bad input', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-bans-'));
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dir, 'store.sqlite')}`,
      LOG_LEVEL: 'silent',
    };
    const cli = path.resolve(import.meta.dirname, '../../cli/bans-cli.ts');
    const bans = (...args: string[]) => run(process.execPath, [cli, ...args], { env });
    try {
      expect((await bans('ip', 'ban', '203.0.113.0/24', '--days', '7', '--reason', 'spam')).stdout).toBe(
        'banned 203.0.113.0/24\n',
      );
      expect((await bans('ip', 'lift', '203.0.113.0/24')).stdout).toBe('lifted 203.0.113.0/24\n');
      await expect(bans('ip', 'lift', '203.0.113.0/24')).rejects.toMatchObject({ code: 1 });
      await expect(bans('ip', 'ban', 'not-an-ip')).rejects.toMatchObject({ code: 2 });
      await expect(bans('ip', 'ban', '10.0.0.0/8', '--days', '0')).rejects.toMatchObject({ code: 2 });
      await expect(bans('player', 'ban', 'nobody')).rejects.toMatchObject({ code: 1 });
      await expect(bans('user', 'ban', 'x')).rejects.toMatchObject({ code: 2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
