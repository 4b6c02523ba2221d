/**
 * Shared helpers of the API suites (DESIGN.md §7), on top of harness.ts: exact §8 error assertions,
 * players in a given state (unconfirmed, confirmed, banned) made through the real API and mailbox,
 * log-in and token calls, and direct store look-ups through `t.ctx.db`.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorBody, Token } from '@guildgate/contracts';
import type { Database } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { ANONYMOUS, formToken, json, linkIn, registerForm, type TestApp } from './harness.ts';

/** Expected §8 items as `[Property, ErrorMessage]` pairs, in answer order. */
export type ExpectedItems = ReadonlyArray<readonly [property: string, code: string]>;

/** The §8 body for `items`. */
export function errorBody(items: ExpectedItems): ErrorBody {
  return { ErrorMessages: items.map(([Property, ErrorMessage]) => ({ Property, ErrorMessage })) };
}

/** Asserts the status and the exact §8 body `{ ErrorMessages: [...] }` of `res`. */
export function expectErrors(res: LightMyRequestResponse, status: number, items: ExpectedItems): void {
  let body: unknown;
  try {
    body = json(res);
  } catch {
    body = res.body;
  }
  expect({ status: res.statusCode, body }).toEqual({ status, body: errorBody(items) });
}

/**
 * POST register/new-user with `form` (anonymous), with a fresh form token as the page sends (asked of GET
 * register/form-token) unless `form` names its own `FormToken` (even null or undefined).
 */
export async function postRegister(
  t: TestApp,
  form: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const token = 'FormToken' in form ? {} : { FormToken: await formToken(t) };
  return t.app.inject({
    method: 'POST',
    url: '/api/register/new-user',
    headers: { ...ANONYMOUS, ...headers },
    payload: { ...form, ...token },
  });
}

/**
 * The `param` of the link starting with `prefix` in the newest e-mail to `to`, waiting (up to
 * `timeoutMs`) until the newest e-mail carries such a link: mail leaves through the outbox, after the
 * call that queued it has answered.
 */
export async function linkParamFromMail(
  t: TestApp,
  to: string,
  prefix: string,
  param: string,
  timeoutMs = 10_000,
): Promise<string> {
  const started = Date.now();
  let mail = (await t.mailbox(to)).at(0);
  while (!mail?.text.includes(prefix)) {
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail to ${to} with a link ${prefix}…`);
    await sleep(50);
    mail = (await t.mailbox(to)).at(0);
  }
  const value = new URL(linkIn(mail.text, prefix)).searchParams.get(param);
  if (!value) throw new Error(`no ${param} in the link of the e-mail to ${to}`);
  return value;
}

/** The uid of the newest /confirm-email link sent to `to`. */
export function confirmUidFromMail(t: TestApp, to: string): Promise<string> {
  return linkParamFromMail(t, to, `${t.config.publicUrl}/confirm-email?uid=`, 'uid');
}

/** POST email/confirm with `uid`. */
export function postConfirm(t: TestApp, uid: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/email/confirm',
    headers: ANONYMOUS,
    payload: { Uid: uid },
  });
}

/** A player made through the API. */
export interface Player {
  /** Internal users.id. */
  id: number;
  idUser: string;
  username: string;
  email: string;
  password: string;
}

/** Options of {@link createPlayer}. */
export interface PlayerOptions {
  /** Follow the e-mailed link (default true). */
  confirmed?: boolean;
  /** Set users.banned_at directly in the store (default false). */
  banned?: boolean;
  /** Register form overrides (e.g. Email). */
  form?: Record<string, unknown>;
}

/** Registers `username` through the API, optionally confirms it through the mailbox and bans it. */
export async function createPlayer(
  t: TestApp,
  username: string,
  options: PlayerOptions = {},
): Promise<Player> {
  const form = registerForm(username, options.form ?? {});
  const email = form.Email as string;
  // The address may have had mail before (a deleted player's): wait for this registration's own.
  const before = (await t.mailbox(email)).length;
  const res = await postRegister(t, form);
  if (res.statusCode !== 201) throw new Error(`register ${username} failed: ${res.body}`);
  if (options.confirmed ?? true) {
    await waitForMailCount(t, email, before + 1);
    const confirm = await postConfirm(t, await confirmUidFromMail(t, email));
    if (confirm.statusCode !== 200) throw new Error(`confirm ${username} failed: ${confirm.body}`);
  }
  if (options.banned) {
    await t.ctx.db
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('username_normalized', '=', username.toLowerCase())
      .execute();
  }
  const row = await t.ctx.db
    .selectFrom('users')
    .select(['id', 'id_user'])
    .where('username_normalized', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return { id: row.id, idUser: row.id_user, username, email, password: form.Password as string };
}

/** POST log/log-in (one step). */
export function postLogin(
  t: TestApp,
  usernameOrEmail: unknown,
  password: unknown,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/log/log-in',
    headers: ANONYMOUS,
    payload: { UsernameOrEmail: usernameOrEmail, Password: password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Logs `player` in and returns the identity handle `Created`. */
export async function logIn(t: TestApp, player: Pick<Player, 'username' | 'password'>): Promise<string> {
  const res = await postLogin(t, player.username, player.password);
  if (res.statusCode !== 200) throw new Error(`log-in of ${player.username} failed: ${res.body}`);
  return json<{ Created: string }>(res).Created;
}

/** GET token/{identity}. */
export function getToken(t: TestApp, identity: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/token/${encodeURIComponent(identity)}`,
    headers: ANONYMOUS,
  });
}

/** Logs `player` in and exchanges the handle for a token. */
export async function sessionOf(
  t: TestApp,
  player: Pick<Player, 'username' | 'password'>,
): Promise<{ identity: string; token: Token }> {
  const identity = await logIn(t, player);
  const res = await getToken(t, identity);
  if (res.statusCode !== 200) throw new Error(`token of ${player.username} failed: ${res.body}`);
  return { identity, token: json<Token>(res) };
}

/**
 * Writes a link of player `userId` to the provider `canonicalName` straight into the store (test set-up
 * until the linking flows exist): `accountId` at the provider, `connectName` shown there.
 */
export async function insertConnection(
  t: TestApp,
  userId: number,
  canonicalName: string,
  accountId: string,
  connectName: string,
  lastCheck: string | null = null,
): Promise<void> {
  const provider = await t.ctx.db
    .selectFrom('connection_providers')
    .select('id')
    .where('canonical_name', '=', canonicalName)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('user_connections')
    .values({
      user_id: userId,
      provider_id: provider.id,
      account_id: accountId,
      connect_name: connectName,
      avatar: null,
      last_check: lastCheck,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Number of rows of `table`. */
export async function countRows(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Proves that no e-mail went to `address`: asks for a resend to `sentinel` (an unconfirmed player's
 * address) afterwards, waits until that mail arrives, then checks `address` received nothing.
 */
export async function expectNoMail(t: TestApp, address: string, sentinel: string): Promise<void> {
  const before = (await t.mailbox(sentinel)).length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/email/send-confirmation-email',
    headers: ANONYMOUS,
    payload: { Email: sentinel },
  });
  expect(res.statusCode).toBe(200);
  const started = Date.now();
  while ((await t.mailbox(sentinel)).length <= before) {
    if (Date.now() - started > 10_000) throw new Error(`the sentinel mail to ${sentinel} never arrived`);
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await t.mailbox(address)).toEqual([]);
}

/** Polls the mailbox until `to` has received at least `count` messages; returns them, newest first. */
export async function waitForMailCount(t: TestApp, to: string, count: number, timeoutMs = 10_000) {
  const started = Date.now();
  for (;;) {
    const messages = await t.mailbox(to);
    if (messages.length >= count) return messages;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${to} received ${messages.length} of ${count} e-mails`);
    await sleep(50);
  }
}

/**
 * Moves the use of refresh token `refresh` back by a minute: past the reuse grace interval
 * (REFRESH_REUSE_GRACE_SECONDS, at most 60 s), so that presenting it again counts as a reuse.
 */
export async function pastReuseGrace(t: TestApp, refresh: string): Promise<void> {
  await t.ctx.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - 61_000).toISOString() })
    .where('token_hash', '=', sha256(refresh))
    .where('used_at', 'is not', null)
    .execute();
}

/** Waits `ms` milliseconds (only to let a 1-second token expire; never to assert timing). */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Moves the password proof (`sessions.auth_time`) of the session of the portal access token
 * `accessToken` (its `sid`) back by `seconds`, as if the player had logged in that long ago
 * (re-authentication tests, session/reauthentication.ts).
 */
export async function ageProof(t: TestApp, accessToken: string, seconds: number): Promise<void> {
  const { sid, sub } = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sid: string;
    sub: string;
  };
  await t.ctx.db
    .updateTable('sessions')
    .set({ auth_time: new Date(Date.now() - seconds * 1000).toISOString() })
    .where('id', '=', sid)
    .execute();
  // The node remembers the token with its old proof (verified-tokens.ts): a change written behind its
  // back is told to it, as every service that changes a session does.
  await t.ctx.verifiedTokens.forgetPlayer(sub);
}
