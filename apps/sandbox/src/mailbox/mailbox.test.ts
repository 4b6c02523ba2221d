/**
 * The sandbox mailbox end to end (DESIGN.md §8 mailbox): real e-mails over SMTP (nodemailer) into a
 * sandbox started on free ports, read back through the JSON API and the web pages.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { MailboxMessageSchema, MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { startSandbox, type RunningSandbox } from '../app.ts';
import { MailStore } from './store.ts';

let sandbox: RunningSandbox;
let transport: ReturnType<typeof nodemailer.createTransport>;

beforeAll(async () => {
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0 });
  transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sandbox.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  // Torn down only once set up (vitest runs the returned function after the file's tests).
  return async () => {
    transport.close();
    await sandbox.close();
  };
});

beforeEach(async () => {
  await fetch(`${sandbox.httpUrl}/mailbox/api/messages`, { method: 'DELETE' });
});

async function listMessages(to?: string): Promise<MailboxMessage[]> {
  const query = to === undefined ? '' : `?to=${encodeURIComponent(to)}`;
  const response = await fetch(`${sandbox.httpUrl}/mailbox/api/messages${query}`);
  expect(response.status).toBe(200);
  return MailboxMessagesSchema.parse(await response.json());
}

const VERIFY_URL = 'http://localhost:8080/register/verify?token=abc123&lang=en';

async function sendVerification(to: string, subject: string, extra: { cc?: string; bcc?: string } = {}) {
  await transport.sendMail({
    from: '"Guildgate" <no-reply@guildgate.test>',
    to,
    ...extra,
    subject,
    text: `Welcome!\nConfirm your address: ${VERIFY_URL}.\n`,
    html: `<p>Welcome!</p><p><a href="${VERIFY_URL.replace('&', '&amp;')}">Confirm your address</a></p>`,
  });
}

describe('mailbox JSON API', () => {
  it('stores each message with its text and HTML parts, newest first, filtered by any recipient', async () => {
    const before = Date.now();
    await sendVerification('alice@example.test', 'First');
    await sendVerification('Bob@Example.test', 'Second', { cc: 'alice@example.test' });
    await sendVerification('carol@example.test', 'Third', { bcc: 'dave@example.test' });

    const all = await listMessages();
    expect(all.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);

    const first = all[2];
    expect(first.to).toEqual(['alice@example.test']);
    expect(first.from).toContain('no-reply@guildgate.test');
    expect(first.text).toContain(`Confirm your address: ${VERIFY_URL}.`);
    expect(first.html).toContain(`<a href="${VERIFY_URL.replace('&', '&amp;')}">Confirm your address</a>`);
    expect(Date.parse(first.date)).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(first.date).toISOString()).toBe(first.date);
    expect(new Set(all.map((m) => m.id)).size).toBe(3);

    expect((await listMessages('ALICE@example.TEST')).map((m) => m.subject)).toEqual(['Second', 'First']);
    expect((await listMessages('bob@example.test')).map((m) => m.subject)).toEqual(['Second']);
    expect((await listMessages('dave@example.test')).map((m) => m.subject)).toEqual(['Third']);
    expect(await listMessages('nobody@example.test')).toEqual([]);

    const one = await fetch(`${sandbox.httpUrl}/mailbox/api/messages/${first.id}`);
    expect(one.status).toBe(200);
    expect(MailboxMessageSchema.parse(await one.json())).toEqual(first);
  });

  it('gives an empty html for a text-only message', async () => {
    await transport.sendMail({ from: 'x@example.test', to: 'y@example.test', subject: 'Plain', text: 'Hi' });
    const [message] = await listMessages('y@example.test');
    expect(message).toMatchObject({ subject: 'Plain', html: '', from: 'x@example.test' });
    expect(message.text.trim()).toBe('Hi');
  });

  it('answers 404 with a JSON body for an unknown id', async () => {
    const response = await fetch(`${sandbox.httpUrl}/mailbox/api/messages/no-such-id`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error: 'Not Found' });
  });

  it('empties the mailbox on DELETE', async () => {
    await sendVerification('alice@example.test', 'One');
    await sendVerification('bob@example.test', 'Two');
    const response = await fetch(`${sandbox.httpUrl}/mailbox/api/messages`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: 2 });
    expect(await listMessages()).toEqual([]);
  });
});

describe('mailbox pages', () => {
  it('lists messages with every user-provided value escaped', async () => {
    await sendVerification('eve@example.test', '<script>alert(1)</script>');
    const response = await fetch(`${sandbox.httpUrl}/mailbox?to=eve@example.test`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('<title>Guildgate sandbox — Mailbox</title>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script');
    expect(page).toContain('value="eve@example.test"');
    expect(page).toContain('<form method="post" action="/mailbox/clear">');
  });

  it('shows a message: HTML part in a sandboxed srcdoc frame, text part with links', async () => {
    await sendVerification('frank@example.test', 'Verify "now" & <b>soon</b>');
    const [message] = await listMessages('frank@example.test');
    const response = await fetch(`${sandbox.httpUrl}/mailbox/${message.id}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<h1>Verify &quot;now&quot; &amp; &lt;b&gt;soon&lt;/b&gt;</h1>');
    const frameTag = /<iframe\b[^>]*>/.exec(page)?.[0] ?? '';
    expect(/\ssandbox="([^"]*)"/.exec(frameTag)?.[1]).toBe(
      'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
    );
    const srcdoc = /\ssrcdoc="([^"]*)"/.exec(frameTag)?.[1];
    expect(srcdoc).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(srcdoc).toContain(
      '&lt;a href=&quot;http://localhost:8080/register/verify?token=abc123&amp;amp;lang=en',
    );
    const escapedUrl = VERIFY_URL.replace('&', '&amp;');
    expect(page).toContain(`Confirm your address: <a href="${escapedUrl}">${escapedUrl}</a>.`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers 404 with a page for an unknown id', async () => {
    const response = await fetch(`${sandbox.httpUrl}/mailbox/no-such-id`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Message not found');
  });

  it('empties the mailbox from the form and redirects back to it', async () => {
    await sendVerification('alice@example.test', 'One');
    const response = await fetch(`${sandbox.httpUrl}/mailbox/clear`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/mailbox');
    expect(await listMessages()).toEqual([]);
  });

  it('serves the index page and the health check', async () => {
    const index = await fetch(`${sandbox.httpUrl}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<a href="/mailbox">Mailbox</a>');
    const health = await fetch(`${sandbox.httpUrl}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});

describe('MailStore', () => {
  it('keeps at most its capacity, dropping the oldest', () => {
    const store = new MailStore(2);
    for (const id of ['a', 'b', 'c']) {
      store.add({
        id,
        to: ['x@example.test'],
        from: '',
        subject: id,
        text: '',
        html: '',
        date: new Date().toISOString(),
      });
    }
    expect(store.list().map((m) => m.id)).toEqual(['c', 'b']);
    expect(store.get('a')).toBeUndefined();
  });
});
