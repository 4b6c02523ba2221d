/**
 * Throttling of POST oauth/token (DESIGN.md §5 rate limits; docs/configuration.md "Single sign-on
 * hub"): failed client authentications count per IP (`RATE_LIMIT_PER_MINUTE`), so one IP cannot go on
 * guessing secrets, yet a client's own servers are never locked out by it; an authenticated client has
 * `OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE` exchanges a minute, whichever IP they come from, and another
 * client's budget is its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { STORES, json } from '../../test/harness.ts';
import { CLIENT, OTHER, basic, grant, startHub, type Hub } from './test-support.ts';

/** Failed authentications an IP may make per minute in these tests. */
const FAILURES_PER_MINUTE = 3;
/** Exchanges a client may make per minute in these tests. */
const EXCHANGES_PER_MINUTE = 5;

/** POST oauth/token from `ip` with an unknown code (an authenticated request is counted whatever its grant). */
function exchangeFrom(hub: Hub, ip: string, authorization: string): Promise<LightMyRequestResponse> {
  return hub.t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    payload: new URLSearchParams(grant('not-a-code')).toString(),
  });
}

/** Asserts a 429 in both shapes' common part: ERROR_RATE_LIMITED, Retry-After 60, no caching. */
function expectThrottled(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['retry-after']).toBe('60');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(json<{ ErrorMessages: unknown[] }>(res).ErrorMessages).toEqual([
    { Property: '', ErrorMessage: 'ERROR_RATE_LIMITED' },
  ]);
}

describe.each(STORES)('POST oauth/token throttling on %s', (kind) => {
  let hub: Hub | undefined;
  afterEach(async () => {
    await hub?.t.close();
    hub = undefined;
  });

  /** A hub whose limits are small enough to reach. */
  async function smallLimits(username: string): Promise<Hub> {
    hub = await startHub(kind, username, {
      overrides: {
        rateLimitPerMinute: FAILURES_PER_MINUTE,
        oauthTokenRateLimitPerMinute: EXCHANGES_PER_MINUTE,
      },
    });
    return hub;
  }

  it('refuses an IP after its failed authentications, before checking its next credentials', async () => {
    const h = await smallLimits('ThrottleA1');
    const guess = basic(CLIENT, 'not-the-secret');
    for (let attempt = 1; attempt <= FAILURES_PER_MINUTE; attempt += 1) {
      expect((await exchangeFrom(h, '203.0.113.7', guess)).statusCode, `attempt ${attempt}`).toBe(401);
    }
    // Even the right secret is not looked at from that IP any more.
    expectThrottled(await exchangeFrom(h, '203.0.113.7', basic(CLIENT, h.secret)));
    expectThrottled(await exchangeFrom(h, '203.0.113.7', guess));
    // The client's own server, elsewhere, is not locked out by someone else's guesses.
    const fromServer = await exchangeFrom(h, '198.51.100.20', basic(CLIENT, h.secret));
    expect(fromServer.statusCode, fromServer.body).toBe(400);
    expect(json<{ error: string }>(fromServer).error).toBe('invalid_grant');
  });

  it("gives an authenticated client its own budget, across IPs, more than one IP's", async () => {
    const h = await smallLimits('ThrottleB1');
    const client = basic(CLIENT, h.secret);
    // More exchanges than an IP's budget for failures, from one IP: authenticated calls are not per IP.
    for (let call = 1; call <= EXCHANGES_PER_MINUTE; call += 1) {
      const ip = call % 2 === 0 ? '198.51.100.20' : '198.51.100.21';
      expect((await exchangeFrom(h, ip, client)).statusCode, `call ${call}`).toBe(400);
    }
    // The client's budget is spent, whichever of its servers asks next…
    expectThrottled(await exchangeFrom(h, '198.51.100.22', client));
    // …while another client, from the same IP, still has all of its own.
    const other = await exchangeFrom(h, '198.51.100.22', basic(OTHER, h.otherSecret));
    expect(other.statusCode, other.body).toBe(400);
    expect(json<{ error: string }>(other).error).toBe('invalid_grant');
  });
});
