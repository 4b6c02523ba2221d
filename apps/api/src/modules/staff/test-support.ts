/**
 * Staff members for the admin API tests (issue 24), made as a person would be: a confirmed player who
 * sets up an authenticator app (POST account/second-factors/totp and …/confirm with a code of otplib
 * itself), logs in through the second step (a full authentication: the session's `auth_time`), and is
 * given a role by the operator command's service. Log-ins use the recovery codes, so that no TOTP
 * step is needed twice.
 */
import { generate } from 'otplib';
import { STAFF_SUPPORT_ACTIONS, type StaffRole } from '@guildgate/contracts';
import { ANONYMOUS, asUser, json, type TestApp } from '../../test/harness.ts';
import { createPlayer, getToken, sessionOf, type Player } from '../../test/helpers.ts';
import { setStaffRole } from './roles.ts';

/** A player with an authenticator app, and a session opened through the second step. */
export interface FactorPlayer extends Player {
  /** The access token of the full authentication. */
  token: string;
  /** The app's base32 secret. */
  secret: string;
  /** Recovery codes not used yet (each log-in of {@link fullLogIn} takes one). */
  recoveryCodes: string[];
}

/** A player's call with `token` (`url` relative to /api). */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/${url}`,
    headers: asUser(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * POST log/log-in then POST log/second-factor with one of `player`'s recovery codes (and
 * `rememberDevice`): the full authentication's identity handle, and the remembered-device cookie when
 * asked.
 */
export async function secondStepLogIn(
  t: TestApp,
  player: Pick<FactorPlayer, 'username' | 'password' | 'recoveryCodes'>,
  rememberDevice = false,
): Promise<{ identity: string; cookie?: { name: string; value: string } }> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/log/log-in',
    headers: ANONYMOUS,
    payload: { UsernameOrEmail: player.username, Password: player.password },
  });
  const ticket = json<{ SecondFactorTicket?: string }>(login).SecondFactorTicket;
  if (login.statusCode !== 200 || !ticket)
    throw new Error(`no second step for ${player.username}: ${login.body}`);
  const code = player.recoveryCodes.shift();
  if (!code) throw new Error(`${player.username} has no recovery code left`);
  const step = await t.app.inject({
    method: 'POST',
    url: '/api/log/second-factor',
    headers: ANONYMOUS,
    payload: { Ticket: ticket, RecoveryCode: code, RememberDevice: rememberDevice },
  });
  if (step.statusCode !== 200) throw new Error(`second step of ${player.username} failed: ${step.body}`);
  const cookie = step.cookies.find((c) => c.name.startsWith('_g2g_2fa_'));
  return {
    identity: json<{ Created: string }>(step).Created,
    ...(cookie ? { cookie: { name: cookie.name, value: cookie.value } } : {}),
  };
}

/** The access token of the identity handle `identity`. */
export async function tokenOf(t: TestApp, identity: string): Promise<string> {
  const res = await getToken(t, identity);
  if (res.statusCode !== 200) throw new Error(`token refused: ${res.body}`);
  return json<{ Value: string }>(res).Value;
}

/** A full authentication of `player` (password and recovery code): a fresh access token. */
export async function fullLogIn(
  t: TestApp,
  player: Pick<FactorPlayer, 'username' | 'password' | 'recoveryCodes'>,
): Promise<string> {
  return tokenOf(t, (await secondStepLogIn(t, player)).identity);
}

/** Registers `username`, sets up an authenticator app, and opens a session through the second step. */
export async function playerWithAuthenticator(t: TestApp, username: string): Promise<FactorPlayer> {
  const player = await createPlayer(t, username);
  const { token } = await sessionOf(t, player);
  const start = await call(t, 'POST', 'account/second-factors/totp', token.Value);
  if (start.statusCode !== 200) throw new Error(`enrolment of ${username} failed: ${start.body}`);
  const secret = json<{ Secret: string }>(start).Secret;
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const confirm = await call(t, 'POST', 'account/second-factors/totp/confirm', token.Value, { Code: code });
  if (confirm.statusCode !== 200) throw new Error(`confirmation of ${username} failed: ${confirm.body}`);
  const recoveryCodes = json<{ RecoveryCodes: string[] }>(confirm).RecoveryCodes;
  const full = { ...player, token: '', secret, recoveryCodes };
  full.token = await fullLogIn(t, full);
  return full;
}

/** {@link playerWithAuthenticator} given `role` by the operator command's service. */
export async function staffMember(t: TestApp, username: string, role: StaffRole): Promise<FactorPlayer> {
  const member = await playerWithAuthenticator(t, username);
  await setStaffRole(t.ctx, { kind: 'operator' }, member.id, role, null);
  return member;
}

/**
 * The support actions' routes (issue 24 §2) as `METHOD path`, from contracts STAFF_SUPPORT_ACTIONS:
 * support.test.ts tests them; staff.test.ts's table of slice 1's routes leaves them out.
 */
export const SUPPORT_ACTION_ROUTES: ReadonlySet<string> = new Set(
  Object.keys(STAFF_SUPPORT_ACTIONS).map((action) =>
    action === 'delete' ? 'DELETE admin/players/{idUser}' : `POST admin/players/{idUser}/${action}`,
  ),
);

/** The people of an admin API test: a staff member of each role, and a player without one. */
export interface ConsoleCast {
  admin: FactorPlayer;
  support: FactorPlayer;
  viewer: FactorPlayer;
  /** A player without a role, and their portal access token. */
  player: Player;
  playerToken: string;
}

/**
 * Makes the {@link ConsoleCast} of a test on `t`, named `<prefix>Admin<suffix>`, `<prefix>Support<suffix>`,
 * `<prefix>Viewer<suffix>` and `<prefix>Player<suffix>` (the suffix tells the stores apart: usernames are
 * unique per store, and a file's tests share one).
 */
export async function consoleCast(t: TestApp, prefix: string, suffix: string): Promise<ConsoleCast> {
  const [admin, support, viewer, player] = await Promise.all([
    staffMember(t, `${prefix}Admin${suffix}`, 'admin'),
    staffMember(t, `${prefix}Support${suffix}`, 'support'),
    staffMember(t, `${prefix}Viewer${suffix}`, 'viewer'),
    createPlayer(t, `${prefix}Player${suffix}`),
  ]);
  return { admin, support, viewer, player, playerToken: (await sessionOf(t, player)).token.Value };
}
