/**
 * Every line of the Big List of Naughty Strings (plus a few strings the SQL stores treat specially)
 * in every string field and path parameter of the first journey (DESIGN.md §4 "never a 500 for bad
 * input", §7 corpora). Every answer must be below 500, every 4xx must be the §8 shape with catalogued
 * codes, and a refused registration must write nothing. Structural bad input runs in
 * bad-input.test.ts.
 *
 * The suite is defined here and run in two parts, one test file each, so that Vitest spreads its
 * minutes over its workers: naughty-strings.test.ts (register/new-user, log/identify and
 * email/send-confirmation-email) and naughty-strings-forms.test.ts (log/log-in, the path parameters and
 * every other form). Each part runs on every store of STORES.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS,
  STORES,
  TEST_API_KEY,
  asUser,
  formToken,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { countRows, createPlayer, sessionOf, type Player } from './helpers.ts';
import {
  EXTRA,
  NAUGHTY,
  bodyRouteTable,
  collectProblems,
  inBatches,
  label,
  pathSegment,
  type BodyRoute,
} from './bad-input-support.ts';

/** The parts of the suite (see the module comment). */
export type NaughtyPart = 'sign-up' | 'forms';

/** Defines `part` of the naughty-strings suite on every store of STORES. */
export function naughtyStringsSuite(part: NaughtyPart): void {
  /** `it` for the tests of this part; the other part's tests are defined by the other file. */
  const itIn = (owner: NaughtyPart | 'both') =>
    owner === part || owner === 'both'
      ? (name: string, fn: () => Promise<void>, timeout?: number) => it(name, fn, timeout)
      : () => undefined;
  describe.each(STORES)(`naughty strings (${part}) on %s`, (kind) => {
    /**
     * The whole corpus on SQLite. On PostgreSQL every third string of the public lists plus every string
     * of EXTRA (what SQL stores treat specially: NUL bytes, unpaired surrogates, …): the checks before
     * the store are the same code on both, and this keeps CI within its 25-minute budget (rule 1).
     */
    const CORPUS =
      kind === 'sqlite' ? NAUGHTY : [...new Set([...NAUGHTY.filter((_, i) => i % 3 === 0), ...EXTRA])];
    let t: TestApp;
    let player: Player;
    let token: string;
    let seq = 0;
    const next = () => (seq += 1);

    const { problems, send, expectNoProblems } = collectProblems(() => t);

    beforeAll(async () => {
      t = await startTestApp(kind);
      player = await createPlayer(t, 'FuzzPlayer1');
      token = (await sessionOf(t, player)).token.Value;
    });
    afterAll(async () => {
      await t.close();
    });

    itIn('sign-up')(
      'survives every naughty string in every field of register/new-user and writes nothing for a refusal',
      async () => {
        const usersBefore = await countRows(t, 'users');
        const tokensBefore = await countRows(t, 'email_tokens');
        const createdNames: string[] = [];
        const roundTrips: Array<{ username: string; value: string }> = [];
        const requests: Array<{
          overrides: (line: string) => Record<string, unknown>;
          what: string;
          line: string;
        }> = [];
        for (const line of CORPUS) {
          requests.push(
            { what: 'Username', line, overrides: (l) => ({ Username: l }) },
            {
              what: 'Password+ConfirmPassword',
              line,
              overrides: (l) => ({ Password: l, ConfirmPassword: l }),
            },
            { what: 'ConfirmPassword', line, overrides: (l) => ({ ConfirmPassword: l }) },
            { what: 'Email+ConfirmEmail', line, overrides: (l) => ({ Email: l, ConfirmEmail: l }) },
            { what: 'ConfirmEmail', line, overrides: (l) => ({ ConfirmEmail: l }) },
            { what: 'Referrer', line, overrides: (l) => ({ Referrer: l }) },
            { what: 'UsageNameHoneyPot', line, overrides: (l) => ({ UsageNameHoneyPot: l }) },
            {
              what: 'Firstname, Lastname, DateOfBirth, ReCAPTCHAToken, StudioName, ClientId, AccessKeyValue, RedirectUrl',
              line,
              overrides: (l) => ({
                Firstname: l,
                Lastname: l,
                DateOfBirth: l,
                ReCAPTCHAToken: l,
                StudioName: l,
                ClientId: l,
                AccessKeyValue: l,
                RedirectUrl: l,
              }),
            },
          );
        }
        // Accepted registrations wait on SMTP: more calls in flight overlap that wait.
        await inBatches(requests, 24, async ({ what, line, overrides }) => {
          const name = `Blns${next()}`;
          const form: Record<string, unknown> = {
            ...registerForm(name, overrides(line)),
            FormToken: await formToken(t),
          };
          const res = await send(
            { method: 'POST', url: '/api/register/new-user', headers: ANONYMOUS, payload: form },
            `register/new-user ${what}=${label(line)}`,
          );
          if (res.statusCode === 201) {
            createdNames.push(String(form.Username));
            if (what.startsWith('Firstname')) roundTrips.push({ username: name, value: line });
          } else if (res.statusCode !== 400) {
            problems.push(
              `register/new-user ${what}=${label(line)} → ${res.statusCode} (expected 201 or 400)`,
            );
          }
        });
        expectNoProblems();
        expect(await countRows(t, 'users')).toBe(usersBefore + createdNames.length);
        expect(await countRows(t, 'email_tokens')).toBe(tokensBefore + createdNames.length);
        // What was accepted is stored as sent (trimmed where the API trims).
        for (const { username, value } of roundTrips) {
          const row = await t.ctx.db
            .selectFrom('users')
            .select(['firstname', 'studio_name', 'client_id'])
            .where('username_normalized', '=', username.toLowerCase())
            .executeTakeFirstOrThrow();
          expect({ username, ...row }).toEqual({
            username,
            firstname: value.trim(),
            studio_name: value,
            client_id: value,
          });
        }
      },
      180_000,
    );

    itIn('sign-up')(
      'survives every naughty string in every field of log/identify and email/send-confirmation-email',
      async () => {
        const requests: Array<{ url: string; payload: Record<string, unknown>; what: string }> = [];
        for (const line of CORPUS) {
          requests.push({
            url: '/api/log/identify',
            what: 'UsernameOrEmail',
            payload: { UsernameOrEmail: line },
          });
          for (const field of ['ClientId', 'RedirectUrl', 'Token']) {
            requests.push({
              url: '/api/log/identify',
              what: field,
              payload: { UsernameOrEmail: player.username, [field]: line },
            });
          }
          requests.push({
            url: '/api/email/send-confirmation-email',
            what: 'Email',
            payload: { Email: line },
          });
          requests.push({
            url: '/api/email/send-confirmation-email',
            what: 'RedirectUrl',
            payload: { Email: 'nobody.at.all@players.test', RedirectUrl: line },
          });
        }
        await inBatches(requests, 16, async ({ url, payload, what }) => {
          await send(
            { method: 'POST', url, headers: ANONYMOUS, payload },
            `${url} ${what}=${label(payload[what])}`,
          );
        });
        expectNoProblems();
      },
    );

    itIn('forms')(
      'survives every naughty string in every field of log/log-in',
      async () => {
        const sessionsBefore = await countRows(t, 'sessions');
        let opened = 0;
        const requests: Array<{ payload: Record<string, unknown>; what: string; line: string }> = [];
        for (const line of CORPUS) {
          // An unknown name costs one argon2 verification of the password: both fields in one request.
          requests.push({
            what: 'UsernameOrEmail+Password',
            line,
            payload: { UsernameOrEmail: line, Password: line },
          });
          requests.push({
            what: 'ClientId, RedirectUrl, Token, StudioName',
            line,
            payload: {
              UsernameOrEmail: player.username,
              Password: player.password,
              ClientId: line,
              RedirectUrl: line,
              Token: line,
              StudioName: line,
            },
          });
        }
        await inBatches(requests, 8, async ({ payload, what, line }) => {
          const res = await send(
            { method: 'POST', url: '/api/log/log-in', headers: ANONYMOUS, payload },
            `log/log-in ${what}=${label(line)}`,
          );
          if (res.statusCode === 200) opened += 1;
          if (what === 'UsernameOrEmail+Password' && res.statusCode === 200)
            problems.push(`${label(line)} logged in`);
        });
        expectNoProblems();
        expect(await countRows(t, 'sessions')).toBe(sessionsBefore + opened);
      },
      120_000,
    );

    itIn('forms')(
      'survives every naughty string as the path parameter of token/{identity} and log/user/{id}/log-in',
      async () => {
        await inBatches(CORPUS, 8, async (line) => {
          const encoded = pathSegment(line);
          const byHandle = await send(
            { method: 'GET', url: `/api/token/${encoded}`, headers: ANONYMOUS },
            `token/${label(line)}`,
          );
          if (byHandle.statusCode < 400) problems.push(`token/${label(line)} → ${byHandle.statusCode}`);
          const login = await send(
            {
              method: 'POST',
              url: `/api/log/user/${encoded}/log-in`,
              headers: ANONYMOUS,
              payload: { Password: line },
            },
            `log/user/${label(line)}/log-in`,
          );
          if (login.statusCode < 400) problems.push(`log/user/${label(line)}/log-in → ${login.statusCode}`);
          const profile = await send(
            { method: 'GET', url: `/api/profile/user/${encoded}?include=Block`, headers: asUser(token) },
            `profile/user/${label(line)}`,
          );
          if (profile.statusCode < 400) problems.push(`profile/user/${label(line)} → ${profile.statusCode}`);
        });
        expectNoProblems();
      },
      120_000,
    );

    itIn('forms')(
      'survives every naughty string in every text field of every other form',
      async () => {
        // A player of its own: a naughty string that is a good username renames them, not FuzzPlayer1.
        const other = await createPlayer(t, 'FuzzPlayer2');
        const otherToken = (await sessionOf(t, other)).token.Value;
        const covered = new Set([
          'POST register/new-user',
          'POST log/identify',
          'POST log/log-in',
          'POST email/send-confirmation-email',
        ]);
        const routes = bodyRouteTable({ player: () => other, token: () => otherToken, next }).filter(
          (route) => !covered.has(route.name),
        );
        const requests: Array<{ route: BodyRoute; field: string; line: string }> = [];
        for (const route of routes) {
          for (const field of [...route.text, ...route.optionalText]) {
            for (const line of CORPUS) requests.push({ route, field, line });
          }
        }
        expect(routes.length).toBeGreaterThan(15);
        await inBatches(requests, 16, async ({ route, field, line }) => {
          // A wrong password keeps step-2 log-ins from opening a session (and argon2 busy) per line.
          const base = route.name === 'POST log/user/{id}/log-in' ? { Password: 'Wrong1pass2word' } : {};
          await send(
            {
              method: 'POST',
              url: route.url(),
              headers: route.headers(),
              payload: { ...route.valid(), ...base, [field]: line },
            },
            `${route.name} ${field}=${label(line)}`,
          );
        });
        expectNoProblems();
      },
      300_000,
    );

    itIn('both')('still serves the fuzz player afterwards', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/profile/user/${player.idUser}?include=Block`,
        headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(json<{ Username: string }>(res).Username).toBe('FuzzPlayer1');
    });
  });
}
