/**
 * Bounded input before work (issue 17 §5; DESIGN.md §4 "never a 500 for bad input"; docs/security.md
 * "Bounded input"): a body over the API's 64 KiB limit is refused with 413 from its Content-Length,
 * before it is read; JSON nested deeper than the cap is refused with 400 before it is parsed into
 * objects; POST oauth/token authenticates an HTTP Basic client and applies its throttle before it reads
 * the body; a connection that never finishes its headers is closed. /api/health answers all along.
 * Over real HTTP (the app listening on a free port), on every store.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, startTestApp, type TestApp } from '../test/harness.ts';
import { API_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from './input-guard.ts';

/** `{"UsernameOrEmail":"x","Nested":[[…]]}` with `depth` levels of arrays in all. */
function nested(depth: number): string {
  return `{"UsernameOrEmail":"x","Nested":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
}

/** The answer of log/identify for an unknown player: the body got as far as the call. */
const USER_NOT_EXISTS = {
  ErrorMessages: [{ Property: 'UsernameOrEmail', ErrorMessage: 'ERROR_USER_NOT_EXISTS' }],
};

/** About 1 MB of nested arrays: what stalled a node for seconds when it was parsed. */
const MEGABYTE_NESTED = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;

describe.each(STORES)('bounded input on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '1000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/${path}`, {
      method: 'POST',
      headers: { ...ANONYMOUS, 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses bodies over the limit with 413 and JSON nested over the cap with 400; health stays up', async () => {
    expect(API_BODY_LIMIT_BYTES).toBe(64 * 1024);
    const flood = Array.from({ length: 8 }, () => post('log/identify', MEGABYTE_NESTED));
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    for (const res of await Promise.all(flood)) {
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_REQUEST_INVALID' }],
      });
    }
    const justOver = await post(
      'log/identify',
      JSON.stringify({ UsernameOrEmail: 'x'.repeat(API_BODY_LIMIT_BYTES) }),
    );
    expect(justOver.status).toBe(413);

    const deep = await post('log/identify', nested(MAX_JSON_DEPTH + 1));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({
      ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_REQUEST_INVALID' }],
    });
    // Brackets inside strings are text, not nesting; the cap itself is allowed.
    const inString = await post('log/identify', JSON.stringify({ UsernameOrEmail: '['.repeat(200) }));
    expect(inString.status).toBe(400);
    expect(await inString.json()).toEqual(USER_NOT_EXISTS);
    const atCap = await post('log/identify', nested(MAX_JSON_DEPTH));
    expect(await atCap.json()).toEqual(USER_NOT_EXISTS);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('authenticates an HTTP Basic client of POST oauth/token, and throttles, before reading the body', async () => {
    const small = await startTestApp(kind, { overrides: { rateLimitPerMinute: 3 } });
    const token = (authorization: string, body: string, ip?: string) =>
      small.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/json', authorization },
        payload: body,
        ...(ip ? { remoteAddress: ip } : {}),
      });
    const wrong = `Basic ${Buffer.from('nobody:guess').toString('base64')}`;
    // A body that would not even parse: the client is refused first.
    const refused = await token(wrong, '{"grant_type":', '203.0.113.50');
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      expect((await token(wrong, '{}', '203.0.113.50')).statusCode).toBe(401);
    }
    // The IP is over its failures: refused before its credentials or its body are looked at.
    const throttled = await token(wrong, '{"grant_type":', '203.0.113.50');
    expect(throttled.statusCode, throttled.body).toBe(429);
    await small.close();
  });

  it('closes a connection that never finishes its headers', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.write('POST /api/log/identify HTTP/1.1\r\nHost: portal.test\r\nX-Slow: ');
    await new Promise<void>((resolve, reject) => {
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The §8 shape, and the client is told the connection ends (plugins/client-errors.ts).
    expect(answer).toMatch(/\r\nConnection: close\r\n/);
    expect(answer).toMatch(
      /\{"ErrorMessages":\[\{"Property":"","ErrorMessage":"ERROR_REQUEST_INVALID"\}\]\}$/,
    );
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, 30_000);
});
