/**
 * Trusted proxies (issue 17 §4; DESIGN.md §5; docs/configuration.md TRUST_PROXY): the client's address
 * is read from `X-Forwarded-For` only as far as the trusted proxies vouch for it — a hop count or a
 * list of proxy addresses and ranges — so a client behind the load balancer cannot name its own
 * address (the left-most value) to walk around IP bans and per-IP limits. Seen through the IP ban of
 * log/identify, on every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.ts';
import { ANONYMOUS, STORES, startTestApp, type TestApp } from '../test/harness.ts';
import { createPlayer, expectErrors, type Player } from '../test/helpers.ts';
import { banIp } from '../modules/bans/service.ts';

/** The banned client behind the load balancer. */
const BANNED = '203.0.113.9';
/** The load balancer (a trusted proxy). */
const BALANCER = '10.0.0.2';

describe('TRUST_PROXY', () => {
  const parse = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('is off by default and with 0 or false', () => {
    for (const value of [undefined, '', '0', 'false', 'no', 'off']) expect(parse(value), value).toBe(false);
  });

  it('takes a hop count, or a list of proxy addresses and CIDR ranges', () => {
    expect(parse('1')).toBe(1);
    expect(parse('3')).toBe(3);
    expect(parse('10.0.0.0/8, 192.168.1.7,2001:db8::/32')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '2001:db8::/32',
    ]);
    expect(parse('loopback')).toEqual(['loopback']);
  });

  it('refuses "trust everything" and anything that is not a count or addresses', () => {
    for (const value of [
      'true',
      'yes',
      'on',
      '-1',
      '1.5',
      '10.0.0.0/33',
      'proxy.example',
      '10.0.0.0/8,',
      '*',
    ]) {
      expect(() => parse(value), value).toThrow(ConfigError);
      expect(() => parse(value), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each(STORES)('trusted proxies on %s', (kind) => {
  let oneHop: TestApp;
  let listed: TestApp;
  let player: Player;

  const identify = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/log/identify',
      headers: { ...ANONYMOUS, ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
      payload: { UsernameOrEmail: player.username },
      remoteAddress,
    });

  beforeAll(async () => {
    [oneHop, listed] = await Promise.all([
      startTestApp(kind, { env: { TRUST_PROXY: '1' } }),
      startTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8' } }),
    ]);
    for (const t of [oneHop, listed]) await banIp(t.ctx.db, BANNED);
    player = await createPlayer(oneHop, 'ProxiedPlayer');
    await createPlayer(listed, 'ProxiedPlayer');
  });
  afterAll(async () => {
    await Promise.all([oneHop.close(), listed.close()]);
  });

  it('behind one trusted hop, takes the address the balancer saw, not one the client wrote', async () => {
    // The client prepends a clean address; the balancer appends the one it saw.
    for (const spoofed of [`198.51.100.1, ${BANNED}`, `198.51.100.1,127.0.0.1, ${BANNED}`]) {
      expectErrors(await identify(oneHop, BALANCER, spoofed), 400, [['', 'ERROR_USER_IP_BANNED']]);
    }
    // A clean client behind the balancer is served; with no header, the peer's address is the client's.
    expect((await identify(oneHop, BALANCER, `${BANNED}, 198.51.100.1`)).statusCode).toBe(200);
    expectErrors(await identify(oneHop, BANNED), 400, [['', 'ERROR_USER_IP_BANNED']]);
  });

  it('with a list of proxies, believes the header only from them', async () => {
    expectErrors(await identify(listed, BALANCER, `198.51.100.1, ${BANNED}`), 400, [
      ['', 'ERROR_USER_IP_BANNED'],
    ]);
    // Through two listed proxies, the first address that is not a proxy is the client.
    expectErrors(await identify(listed, BALANCER, `198.51.100.1, ${BANNED}, 10.1.2.3`), 400, [
      ['', 'ERROR_USER_IP_BANNED'],
    ]);
    // A banned client calling directly cannot launder itself through the header.
    expectErrors(await identify(listed, BANNED, '198.51.100.1'), 400, [['', 'ERROR_USER_IP_BANNED']]);
  });
});
