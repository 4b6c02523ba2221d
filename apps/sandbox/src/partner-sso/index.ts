/**
 * The partner single-sign-on service stand-in (spec §2 Unverified-account page; §7 "A call to an external
 * partner single-sign-on service resends the validation email; its address depends on a prod/test
 * flag"). The SPA calls it straight from the browser (another origin) when `isProd` is false; its address
 * is the runtime configuration's `partnerSsoResendUrls.test`, by default
 * `${SANDBOX_URL}/partner-sso/resend-validation`.
 *
 * - `POST /partner-sso/resend-validation`, JSON `{ "Id": <positive integer SSO id>, "Email": "<address>" }`
 *   → 200 `{ "Success": true }`, and a mail "Verify your partner studio account" (text + HTML, with a fake
 *   verification link on the sandbox) lands in the sandbox mailbox for `Email`;
 *   a bad body → 400 `{ error }`; an `Email` at `resend-fails.test` (or a sub-domain) → 503 `{ error }`
 *   (how tests make the partner fail); a body that is not JSON → 415 `{ error }`.
 * - `OPTIONS /partner-sso/resend-validation`: the CORS preflight → 204 with
 *   `Access-Control-Allow-Origin` = the request's Origin, `-Allow-Methods: POST`,
 *   `-Allow-Headers: content-type`, `Vary: Origin`. Every POST answer carries `Access-Control-Allow-Origin`
 *   too (and `Vary: Origin`). No credentials are allowed.
 * - `GET /partner-sso/` (and `/partner-sso`) → a page describing the service.
 * - `GET /partner-sso/verify?id=…&token=…` → the fake link's landing page (nothing is stored or changed).
 *
 * The mail is put into the mailbox's store directly (`MailStore.add`), not sent over SMTP: the sandbox
 * package has no SMTP client among its dependencies.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { MailboxMessage } from '@guildgate/contracts';
import type { MailStore } from '../mailbox/store.ts';
import type { SandboxParty } from '../party.ts';
import { html } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';

/** Path of the resend call. */
export const RESEND_VALIDATION_PATH = '/partner-sso/resend-validation';

/** An `Email` in this domain (or a sub-domain) makes the resend fail with 503. */
export const RESEND_FAILS_DOMAIN = 'resend-fails.test';

/** Subject of the mail the service sends. */
export const RESEND_SUBJECT = 'Verify your partner studio account';

/** Sender of the mail. */
const FROM = '"Partner studio accounts" <no-reply@partner-sso.sandbox.test>';

/** Longest address accepted (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 320;

const EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** A valid resend request. */
export interface ResendRequest {
  /** The player's partner SSO id (a positive integer). */
  Id: number;
  /** The partner account's address (trimmed). */
  Email: string;
}

/**
 * Checks a parsed JSON body (pure). `Id` must be a positive safe integer and `Email` an address of at most
 * 320 characters (surrounding spaces trimmed); other properties are ignored.
 * @returns the request, or `{ error }` saying what is wrong
 */
export function parseResendRequest(body: unknown): ResendRequest | { error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'The body must be a JSON object { Id, Email }' };
  const { Id, Email } = body as Record<string, unknown>;
  if (typeof Id !== 'number' || !Number.isSafeInteger(Id) || Id < 1)
    return { error: 'Id must be a positive integer' };
  const email = typeof Email === 'string' ? Email.trim() : '';
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email))
    return { error: 'Email must be an e-mail address' };
  return { Id, Email: email };
}

/** Does the stand-in fail for this address (domain `resend-fails.test` or a sub-domain)? */
export function resendFailsFor(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domain === RESEND_FAILS_DOMAIN || domain.endsWith(`.${RESEND_FAILS_DOMAIN}`);
}

/** The validation mail for `request`, whose fake link points at `baseUrl` (the sandbox, no trailing /). */
export function validationMail(request: ResendRequest, baseUrl: string, now = new Date()): MailboxMessage {
  const link = `${baseUrl}/partner-sso/verify?${new URLSearchParams({ id: String(request.Id), token: randomUUID() })}`;
  const text = [
    'Hello,',
    '',
    `Please verify your partner studio account (${request.Email}) by opening this link:`,
    link,
    '',
    'If you did not ask for this e-mail, you can ignore it.',
    '',
  ].join('\n');
  const htmlPart = html`<p>Hello,</p>
    <p>Please verify your partner studio account (${request.Email}) by opening this link:</p>
    <p><a href="${link}">Verify my account</a></p>
    <p>If you did not ask for this e-mail, you can ignore it.</p>`;
  return {
    id: randomUUID(),
    to: [request.Email],
    from: FROM,
    subject: RESEND_SUBJECT,
    text,
    html: htmlPart.value,
    date: now.toISOString(),
  };
}

/** Adds the CORS answer headers (no credentials): Allow-Origin = the request's Origin, Vary: Origin. */
function allowOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

/** The service's page (spec §2, §7: what the SPA calls and how tests make it fail). */
function describePage() {
  return layout(
    'Partner SSO',
    html`<h1>Partner single sign-on</h1>
      <p>
        Stand-in for the partner studios' single-sign-on service. Guildgate's Unverified-account page asks it
        to send a partner account's validation e-mail again.
      </p>
      <h2>Resend the validation e-mail</h2>
      <p><code>POST ${RESEND_VALIDATION_PATH}</code> with the JSON body</p>
      <pre class="mail-text">{ "Id": 12345, "Email": "player@example.test" }</pre>
      <ul class="parts">
        <li>
          <strong>200</strong> <code>{ "Success": true }</code>: the e-mail "${RESEND_SUBJECT}" arrives in the
          <a href="/mailbox">mailbox</a>.
        </li>
        <li>
          <strong>400</strong> <code>{ "error": … }</code>: Id is not a positive integer or Email is not an
          address.
        </li>
        <li>
          <strong>503</strong> <code>{ "error": … }</code>: the Email's domain is
          <code>${RESEND_FAILS_DOMAIN}</code> (how tests make the partner fail).
        </li>
      </ul>
      <p class="muted">
        Cross-origin calls are allowed from any origin (the preflight is answered; no credentials).
      </p>`,
  );
}

/** The fake verification link's landing page. */
function verifiedPage(id: string) {
  return layout(
    'Partner account verified',
    html`<h1>Partner account verified</h1>
      <p>The partner studio account ${id ? html`<code>${id}</code> ` : ''}is now verified.</p>
      <p class="muted">This is the sandbox: nothing was stored or changed.</p>`,
  );
}

/** Builds the Fastify plugin of the service, delivering mails into `store`. */
function partnerSsoPlugin(store: MailStore): FastifyPluginAsync {
  return async (app) => {
    // Encapsulated: every error of these routes (bad JSON, wrong media type) answers { error }.
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
      return reply.code(status).send({ error: status >= 500 ? 'Internal error' : error.message });
    });

    app.options(RESEND_VALIDATION_PATH, async (request, reply) => {
      allowOrigin(request, reply);
      return reply
        .code(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send();
    });

    app.post(
      RESEND_VALIDATION_PATH,
      {
        onRequest: async (request, reply) => allowOrigin(request, reply),
        bodyLimit: 4096,
      },
      async (request, reply) => {
        const parsed = parseResendRequest(request.body);
        if ('error' in parsed) return reply.code(400).send({ error: parsed.error });
        if (resendFailsFor(parsed.Email))
          return reply.code(503).send({ error: 'The partner service is unavailable' });
        const baseUrl = `${request.protocol}://${request.host}`;
        store.add(validationMail(parsed, baseUrl));
        request.log.info({ id: parsed.Id }, 'sandbox partner SSO: validation e-mail resent');
        return { Success: true };
      },
    );

    for (const path of ['/partner-sso', '/partner-sso/'])
      app.get(path, async (_request, reply) => sendPage(reply, describePage()));

    app.get<{ Querystring: { id?: string } }>('/partner-sso/verify', async (request, reply) => {
      const id = typeof request.query.id === 'string' ? request.query.id.slice(0, 32) : '';
      return sendPage(reply, verifiedPage(id));
    });
  };
}

/**
 * The partner SSO party (spec §2 Unverified-account page, §7), delivering its mails into the mailbox's
 * `store`.
 */
export function partnerSsoParty(store: MailStore): SandboxParty {
  return {
    name: 'Partner SSO',
    path: '/partner-sso/',
    description: `resends a partner account's validation e-mail (POST ${RESEND_VALIDATION_PATH}); @${RESEND_FAILS_DOMAIN} fails with 503.`,
    plugin: partnerSsoPlugin(store),
    close: async () => {},
  };
}
