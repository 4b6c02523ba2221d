/**
 * Requests Node's HTTP parser refuses before Fastify sees them (issue 18; docs/operations.md "Oversized
 * headers"): headers over Node's limit (16 KiB) answer 431, a malformed request 400, both in the §8
 * shape with `Connection: close`, and the connection is closed cleanly after the answer (no reset
 * before the client reads it); the node goes on answering on new connections. Over a raw TCP socket to
 * the real app listening on a free port.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

const INVALID = JSON.stringify({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_REQUEST_INVALID' }] });

/**
 * Sends `requests` on one connection, each once the answers to the ones before it have arrived (as a
 * keep-alive client does); resolves with all it read once the server closed the connection.
 */
function exchange(port: number, requests: string[]): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    let sent = 0;
    const sendNext = () => {
      const next = requests.at(sent);
      if (next === undefined) return;
      sent += 1;
      socket.write(next);
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answers(answer) >= sent) sendNext();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ answer, ...(error ? { error } : {}) }));
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
    sendNext();
  });
}

/** How many whole answers (headers and Content-Length body) `raw` holds. */
function answers(raw: string): number {
  let count = 0;
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return count;
    const length = Number(/content-length:\s*(\d+)/i.exec(rest.slice(0, end))?.[1] ?? 0);
    if (rest.length < end + 4 + length) return count;
    count += 1;
    rest = rest.slice(end + 4 + length);
  }
}

/** Splits the first answer of `raw` into status line, headers (lower-case names) and body. */
function parse(raw: string): { statusLine: string; headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers['content-length'] ?? 0);
  return { statusLine, headers, body: raw.slice(end + 4, end + 4 + length) };
}

describe('requests refused by the HTTP parser', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  const health = 'GET /api/health HTTP/1.1\r\nHost: portal.test\r\n\r\n';
  const oversized = `GET /api/health HTTP/1.1\r\nHost: portal.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;

  it('oversized headers on a keep-alive connection: 200 first, then 431 in the §8 shape, Connection: close', async () => {
    const { answer, error } = await exchange(port, [health, oversized]);
    const first = parse(answer);
    expect(first.statusLine).toBe('HTTP/1.1 200 OK');
    const second = parse(answer.slice(answer.indexOf('HTTP/1.1', 1)));
    expect(second.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(second.headers['connection']).toBe('close');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(INVALID);
    expect(error).toBeUndefined();
  });

  it('headers far over the limit, still being sent: 431, and the client reads it (no reset)', async () => {
    const huge = `GET /api/health HTTP/1.1\r\nHost: portal.test\r\nX-Big: ${'a'.repeat(1_000_000)}\r\n\r\n`;
    const { answer, error } = await exchange(port, [huge]);
    expect(parse(answer).statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(parse(answer).body).toBe(INVALID);
    expect(error).toBeUndefined();
  });

  it('a malformed request: 400 in the §8 shape, Connection: close', async () => {
    const { answer, error } = await exchange(port, ['NOT HTTP AT ALL\r\n\r\n']);
    const res = parse(answer);
    expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(res.headers['connection']).toBe('close');
    expect(res.body).toBe(INVALID);
    expect(error).toBeUndefined();
  });

  it('answers on new connections afterwards', async () => {
    await exchange(port, [oversized]);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
