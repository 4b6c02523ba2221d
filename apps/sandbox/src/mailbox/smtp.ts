/**
 * The sandbox SMTP server (DESIGN.md §8 mailbox, `smtp-server`): plain SMTP with no TLS and no
 * authentication, accepts any sender and any recipient, and stores every message it receives.
 */
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { parseMessage } from './parse.ts';
import type { MailStore } from './store.ts';

/** Largest message accepted, in bytes (10 MiB). Larger ones are answered `552`. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SmtpOptions {
  /** TCP port; 0 picks a free one. */
  readonly port: number;
  /** Interface to bind, e.g. "127.0.0.1". */
  readonly host: string;
  /** Where received messages go. */
  readonly store: MailStore;
  /** Logger for messages that cannot be read. */
  readonly log: FastifyBaseLogger;
}

export interface RunningSmtp {
  /** The port actually bound. */
  readonly port: number;
  /** Stops accepting connections; open ones get up to one second to finish. */
  close(): Promise<void>;
}

/** Reads the DATA stream into memory, keeping at most `limit` bytes (the rest is read and dropped). */
async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    if (length + buffer.length <= limit) chunks.push(buffer);
    length += buffer.length;
  }
  return Buffer.concat(chunks);
}

/**
 * Starts the SMTP server on `host:port` and resolves once it listens. Rejects with the listen error
 * (e.g. `EADDRINUSE`). A message that cannot be parsed is answered `451` and logged.
 */
export async function startSmtp(options: SmtpOptions): Promise<RunningSmtp> {
  const { store, log } = options;
  const server = new SMTPServer({
    name: 'guildgate-sandbox',
    banner: 'Guildgate sandbox mailbox',
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    closeTimeout: 1000,
    logger: false,
    onData(stream, session, callback) {
      const receivedAt = new Date();
      const envelope = {
        mailFrom: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
        rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      readAll(stream, MAX_MESSAGE_BYTES)
        .then(async (raw) => {
          if (stream.sizeExceeded) {
            callback();
            return;
          }
          store.add(await parseMessage(raw, envelope, receivedAt));
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'sandbox mailbox: could not read an incoming message');
          callback(Object.assign(new Error('Message could not be read'), { responseCode: 451 }));
        });
    },
  });

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  server.on('error', (error: Error) => log.error({ err: error }, 'sandbox mailbox: SMTP server error'));

  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
