/**
 * Outgoing e-mail over SMTP with nodemailer (DESIGN.md §3 mail). `SMTP_URL` points at the sandbox's
 * SMTP server on this machine and at a real relay in production.
 */
import type { Transporter } from 'nodemailer';
import type { RenderedMail } from './templates.ts';

/**
 * Sends one message to `to`, with the Message-ID `options.messageId` when given (`<id@domain>`; the
 * outbox gives each row its own, so a copy sent twice is recognisable); rejects when the SMTP server
 * refuses or cannot be reached. Only the outbox worker sends (modules/outbound-mail/outbox-worker.ts).
 */
export interface Mailer {
  send(to: string, mail: RenderedMail, options?: { messageId?: string }): Promise<void>;
  close(): void;
}

/**
 * A nodemailer transport for `smtpUrl` (e.g. smtp://127.0.0.1:2525) sending as `from`. nodemailer is
 * loaded, and the transport made, at the first message: a node whose outbox stays empty never holds it
 * (about 5 MB of heap; issue 23 P5, docs/operations.md "Sizing").
 * @throws TypeError at once when `smtpUrl` is not a URL
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  let transport: Promise<Transporter> | undefined;
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
      // smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when the server offers it.
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      // The outbox worker sends one message after the other: one pooled connection carries them all
      // (a new connection per message cost about 110 ms against the sandbox, 15 ms once open).
      pool: true,
      maxConnections: 1,
    });
  };
  return {
    async send(to, mail, options = {}) {
      transport ??= open();
      await (
        await transport
      ).sendMail({
        from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(options.messageId ? { messageId: options.messageId } : {}),
      });
    },
    close() {
      // A transport that never opened has nothing to close (its failure was the send's to report).
      void transport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}
