/**
 * Answers to requests Node's HTTP parser refuses before Fastify sees them (Fastify's
 * `clientErrorHandler`, the server's 'clientError' event; issue 18; docs/operations.md "Oversized
 * headers"): headers over Node's `maxHeaderSize` (16 KiB) → 431, a request that does not finish within
 * REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS → 408, anything else unparsable → 400; each with the §8 body
 * `{ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_REQUEST_INVALID' }] }` and
 * `Connection: close`.
 *
 * The connection is closed after the answer: once the parser has failed it cannot find where the next
 * request starts, so a keep-alive client must open a new connection — which `Connection: close` tells
 * it. The answer is written only when no other answer is being written on that connection (a pipelined
 * request before the bad one; Node's own rule), else the connection is just closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@guildgate/contracts';

/** The status for a parser error `code` (Node's `ERR_HTTP_REQUEST_TIMEOUT`, llhttp's `HPE_*`). */
export function clientErrorStatus(code: string | undefined): 408 | 431 | 400 {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

const BODY = JSON.stringify({
  ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_REQUEST_INVALID' }],
} satisfies ErrorBody);

/** Connections already answered: the parser reports each later chunk of them again, to be ignored. */
const answered = new WeakSet<Duplex>();

/**
 * Fastify's `clientErrorHandler` (its `this` is the Fastify instance): writes the answer and closes the
 * connection; a connection reset by the client is left alone.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  const status = clientErrorStatus(error.code);
  this.log.info({ status, code: error.code }, 'request refused by the HTTP parser');
  const busy = (socket as Duplex & { _httpMessage?: unknown })._httpMessage;
  if (!socket.writable || busy) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\n` +
      'Connection: close\r\n\r\n' +
      BODY,
  );
  // What the client still sends is read and dropped (closing with unread data would reset the
  // connection, and the client could lose the answer) until it closes its side, 5 s at most.
  socket.resume();
  setTimeout(() => socket.destroy(), 5000).unref();
}
