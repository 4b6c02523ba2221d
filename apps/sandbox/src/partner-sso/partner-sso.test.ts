/**
 * The partner SSO stand-in over real HTTP (spec §2 Unverified-account page; §7 partner single-sign-on
 * resend): a sandbox on free ports; the resend call mails the player (read back through the mailbox's
 * JSON API), rejects bad bodies with 400, fails with 503 for @resend-fails.test, and answers the CORS
 * preflight of the SPA's cross-origin fetch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { startSandbox, type RunningSandbox } from '../app.ts';
import { parseResendRequest, RESEND_SUBJECT, resendFailsFor } from './index.ts';

const SPA_ORIGIN = 'http://localhost:8180';
let sandbox: RunningSandbox;
let resendUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
  resendUrl = `${sandbox.httpUrl}/partner-sso/resend-validation`;
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return () => sandbox.close();
});

/** A fresh address per test (the mailbox is shared by the whole file). */
function address(domain = 'players.test'): string {
  return `player-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@${domain}`;
}

/** POSTs `body` (serialised as JSON unless a string) the way the SPA does. */
function resend(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(resendUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SPA_ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function messagesTo(to: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${sandbox.httpUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return MailboxMessagesSchema.parse(await response.json());
}

describe('POST /partner-sso/resend-validation', () => {
  it('answers { Success: true } and mails a verification link to Email', async () => {
    const email = address();
    const response = await resend({ Id: 4242, Email: email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ Success: true });
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(1);
    const mail = messages[0];
    expect(mail.subject).toBe(RESEND_SUBJECT);
    expect(mail.subject).toBe('Verify your partner studio account');
    expect(mail.to).toEqual([email]);
    const link = /http:\/\/\S+\/partner-sso\/verify\?id=4242&token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(sandbox.httpUrl)).toBe(true);
    expect(mail.html).toContain(`href="${link!.replace('&', '&amp;')}"`);

    const landing = await fetch(link!);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Partner account verified');
  });

  it('mails again on each call', async () => {
    const email = address();
    for (let i = 0; i < 2; i += 1) expect((await resend({ Id: 7, Email: email })).status).toBe(200);
    expect(await messagesTo(email)).toHaveLength(2);
  });

  it.each([
    ['no Id', { Email: 'a@players.test' }],
    ['a string Id', { Id: '12', Email: 'a@players.test' }],
    ['a zero Id', { Id: 0, Email: 'a@players.test' }],
    ['a negative Id', { Id: -3, Email: 'a@players.test' }],
    ['a fractional Id', { Id: 1.5, Email: 'a@players.test' }],
    ['no Email', { Id: 12 }],
    ['an Email that is no address', { Id: 12, Email: 'not-an-address' }],
    ['an array', [12, 'a@players.test']],
    ['null', null],
  ])('answers 400 { error } for %s', async (_what, body) => {
    const response = await resend(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    const answer = (await response.json()) as { error?: unknown };
    expect(typeof answer.error).toBe('string');
  });

  it('answers 400 { error } for a body that is not JSON', async () => {
    const response = await resend('{"Id": 1,');
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(typeof ((await response.json()) as { error?: unknown }).error).toBe('string');
  });

  it('answers 503 { error } and mails nothing for an address at resend-fails.test', async () => {
    const email = address('resend-fails.test');
    const response = await resend({ Id: 12, Email: email });
    expect(response.status).toBe(503);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(typeof ((await response.json()) as { error?: unknown }).error).toBe('string');
    expect(await messagesTo(email)).toEqual([]);
  });
});

describe('CORS preflight', () => {
  it('allows the calling origin to POST JSON, without credentials', async () => {
    const response = await fetch(resendUrl, {
      method: 'OPTIONS',
      headers: {
        origin: SPA_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(SPA_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toBe('content-type');
    expect(response.headers.get('vary')).toContain('Origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('pages', () => {
  it('describes the service at /partner-sso/ and lists it on the index', async () => {
    const response = await fetch(`${sandbox.httpUrl}/partner-sso/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<title>Guildgate sandbox — Partner SSO</title>');
    expect(page).toContain('POST /partner-sso/resend-validation');
    expect(page).toContain('resend-fails.test');
    expect(await (await fetch(`${sandbox.httpUrl}/`)).text()).toContain(
      '<a href="/partner-sso/">Partner SSO</a>',
    );
  });
});

describe('parseResendRequest and resendFailsFor', () => {
  it('trims the address and ignores other properties', () => {
    expect(parseResendRequest({ Id: 3, Email: ' a@b.test ', Extra: true })).toEqual({
      Id: 3,
      Email: 'a@b.test',
    });
  });
  it('fails for the domain and its sub-domains only', () => {
    expect(resendFailsFor('x@resend-fails.test')).toBe(true);
    expect(resendFailsFor('x@EU.Resend-Fails.test')).toBe(true);
    expect(resendFailsFor('x@not-resend-fails.test')).toBe(false);
  });
});
