/**
 * Graceful shutdown (issue 18 §6; docs/operations.md "Stopping a node"): a node told to stop (SIGTERM)
 * while a burst of requests is in flight on keep-alive connections answers every request it had
 * received — with `Connection: close`, so clients open their next connection elsewhere — then exits
 * within its grace period. "Received" is read from the node's own log (each request's `x-request-id`),
 * or is any request that got an answer; a connection refused after the node stopped listening is not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnNode, waitForHealth } from './test/node-process.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-shutdown-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const API_KEY = 'shutdown-test-key';
const BEARER = 'shutdown-test-bearer';

/** POST /api/log/log-in over `agent`'s keep-alive connections; rejects on a connection error or after 15 s. */
function post(
  agent: http.Agent,
  port: number,
  id: string,
  body: object,
): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/log/log-in',
        agent,
        timeout: 15_000,
        headers: {
          'content-type': 'application/json',
          'x-api-key': API_KEY,
          authorization: `Bearer ${BEARER}`,
          'x-request-id': id,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe('a node stopped under load', () => {
  it('answers every request it received, closes keep-alive connections, and exits in its grace period', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const node = spawnNode({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(folder, 'store.sqlite')}`,
      API_KEYS: API_KEY,
      ANONYMOUS_BEARER: BEARER,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_IP_FAILURES_PER_HOUR: '1000000',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '10000',
    });
    await waitForHealth(node, base);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    type Outcome = { id: string; status?: number; connection?: string; error?: string };
    const outcomes: Outcome[] = [];
    let stopAt = 0;
    const stopped = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (outcomes.length >= 40) {
          clearInterval(timer);
          stopAt = Date.now();
          node.child.kill('SIGTERM');
          resolve();
        }
      }, 1);
    });
    // 10 keep-alive connections, each sending one request after another until the node goes away.
    const client = async (worker: number) => {
      for (let n = 0; n < 200; n++) {
        const id = `req-${worker}-${n}`;
        try {
          const response = await post(agent, port, id, {
            UsernameOrEmail: `nobody${worker}`,
            Password: 'wrong-password-1',
          });
          outcomes.push({ id, status: response.status, connection: response.connection });
        } catch (error) {
          outcomes.push({ id, error: String(error) });
          if (stopAt) return; // the node has stopped accepting: this client is done
        }
      }
    };
    await Promise.all([...Array.from({ length: 10 }, (_, worker) => client(worker)), stopped]);
    const exit = await node.exited;
    const exitedAfterMs = Date.now() - stopAt;
    agent.destroy();

    const received = new Set(
      node
        .output()
        .split('\n')
        .filter((line) => line.includes('"incoming request"'))
        .map((line) => (JSON.parse(line) as { reqId: string }).reqId),
    );
    const answered = outcomes.filter((o) => o.status !== undefined);
    // A request the node received is one it logged, or one it answered at all (Fastify's drain 503 comes
    // before its request log): each must have got its real answer.
    const failedReceived = outcomes.filter(
      (o) => (o.status !== undefined && o.status >= 500) || (o.error && received.has(o.id)),
    );
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(failedReceived).toEqual([]);
    // Requests answered after the signal told their client to close the connection.
    const afterSignal = answered.filter((o) => o.connection === 'close');
    expect(afterSignal.length).toBeGreaterThan(0);
    expect(exit).toBe(0);
    expect(exitedAfterMs).toBeLessThan(10_000);
  });
});
