/**
 * Bad input to every route of the first journey (DESIGN.md §4 "never a 500 for bad input", §7
 * corpora): wrong JSON types, missing fields, bodies that are not a JSON object, huge strings, bodies
 * over 1 MiB, and every line of the Big List of Naughty Strings (plus a few strings the SQL stores
 * treat specially) in every string field and path parameter. Every answer must be below 500, every
 * 4xx must be the §8 shape with catalogued codes, and a refused registration must write nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ErrorBodySchema, isErrorCode } from '@guildgate/contracts';
import {
  ANONYMOUS,
  STORES,
  TEST_API_KEY,
  asUser,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { countRows, createPlayer, sessionOf, type Player } from './helpers.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const BLNS_FILE = path.join(REPO_ROOT, '..', 'shared', 'corpora', 'blns', 'blns.txt');

/** Every naughty string of the corpus (blank and '#' comment lines skipped). */
const BLNS: string[] = fs
  .readFileSync(BLNS_FILE, 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Strings the corpus lacks that SQL stores, JSON or URLs treat specially. */
const EXTRA: string[] = [
  '\u0000',
  'player\u0000@players.test',
  'Jdoe\u0000',
  '\ud800',
  'a\udfffb',
  '\ufeffPlayer1',
  '%00',
  '%',
  "' OR '1'='1",
  '../../etc/passwd',
  'é'.repeat(300),
];

const NAUGHTY = [...BLNS, ...EXTRA];

const HUGE = 'x'.repeat(100_000);
const OVER_1_MIB = 'y'.repeat(1_100_000);

/** What one answer must satisfy: below 500; a 4xx is the §8 shape with catalogued codes. */
function problemOf(res: LightMyRequestResponse, context: string): string | null {
  const where = `${context} → ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode >= 500) return `server error: ${where}`;
  if (res.statusCode >= 300 && res.statusCode < 400) return `unexpected redirect: ${where}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `4xx body is not JSON: ${where}`;
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `4xx body is not the §8 shape: ${where}`;
  if (parsed.data.ErrorMessages.length === 0) return `4xx body without any error item: ${where}`;
  const unknown = parsed.data.ErrorMessages.filter((i) => !isErrorCode(i.ErrorMessage));
  if (unknown.length) return `4xx body with codes outside the catalogue: ${where}`;
  return null;
}

/** Runs `fn` over `items` with at most `size` calls in flight. */
async function inBatches<T>(
  items: readonly T[],
  size: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

const label = (value: unknown) => JSON.stringify(value)?.slice(0, 60);

/** `value` as one URL path segment (byte-wise percent-encoding when it is not well-formed UTF-16). */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A route with a JSON body and its fields, by kind. */
interface BodyRoute {
  name: string;
  url: () => string;
  headers: () => Record<string, string>;
  valid: () => Record<string, unknown>;
  /** Required text fields (absent means '', null is refused). */
  text: string[];
  /** Optional text fields (null allowed). */
  optionalText: string[];
  flags: string[];
  numbers: string[];
}

describe.each(STORES)('bad input on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  let token: string;
  let seq = 0;
  const next = () => (seq += 1);

  const bodyRoutes: BodyRoute[] = [
    {
      name: 'POST register/new-user',
      url: () => '/api/register/new-user',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => registerForm(`Bad${next()}`),
      text: ['Username', 'Firstname', 'Password', 'ConfirmPassword', 'Email', 'ConfirmEmail'],
      optionalText: [
        'Lastname',
        'UsageNameHoneyPot',
        'DateOfBirth',
        'Referrer',
        'ReCAPTCHAToken',
        'StudioName',
        'ClientId',
        'AccessKeyValue',
        'RedirectUrl',
      ],
      flags: ['ApprovePrivacyPolicy', 'ApproveEULA', 'ApproveCodeOfConduct', 'G2GSegaOptin', 'Additional'],
      numbers: ['TimeOnPageMs'],
    },
    {
      name: 'POST register/verify',
      url: () => '/api/register/verify',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ VerificationCode: 'unknown-code' }),
      text: ['VerificationCode'],
      optionalText: [],
      flags: [],
      numbers: [],
    },
    {
      name: 'POST email/confirm',
      url: () => '/api/email/confirm',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Uid: 'unknown-uid' }),
      text: ['Uid'],
      optionalText: [],
      flags: [],
      numbers: [],
    },
    {
      name: 'POST email/send-confirmation-email',
      url: () => '/api/email/send-confirmation-email',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Email: 'nobody.at.all@players.test', RedirectUrl: null }),
      text: ['Email'],
      optionalText: ['RedirectUrl'],
      flags: [],
      numbers: [],
    },
    {
      name: 'POST log/identify',
      url: () => '/api/log/identify',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ UsernameOrEmail: player.username }),
      text: ['UsernameOrEmail'],
      optionalText: ['ClientId', 'RedirectUrl', 'Token'],
      flags: [],
      numbers: [],
    },
    {
      name: 'POST log/log-in',
      url: () => '/api/log/log-in',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ UsernameOrEmail: player.username, Password: player.password }),
      text: ['UsernameOrEmail', 'Password'],
      optionalText: ['ClientId', 'RedirectUrl', 'Token', 'StudioName'],
      flags: [],
      numbers: [],
    },
    {
      name: 'POST log/user/{id}/log-in',
      url: () => `/api/log/user/${player.idUser}/log-in`,
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Password: player.password }),
      text: ['Password'],
      optionalText: ['ClientId', 'StudioName', 'Token'],
      flags: [],
      numbers: [],
    },
    {
      // No body fields; the anonymous bearer keeps the player's session alive (401 before parsing).
      name: 'POST log/user/{id}/log-out',
      url: () => `/api/log/user/${player.idUser}/log-out`,
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({}),
      text: [],
      optionalText: [],
      flags: [],
      numbers: [],
    },
  ];

  /** GET routes with their query fields (all optional text). */
  const getRoutes = () =>
    [
      {
        name: 'GET redirect/allowed-redirect-domains',
        url: '/api/redirect/allowed-redirect-domains',
        headers: ANONYMOUS,
        query: [],
      },
      { name: 'GET token/{identity}', url: '/api/token/unknown-handle', headers: ANONYMOUS, query: [] },
      {
        name: 'GET token/refresh',
        url: '/api/token/refresh',
        headers: ANONYMOUS,
        query: ['access_token', 'refresh_token', 'client_id'],
      },
      {
        name: 'GET token/verify',
        url: '/api/token/verify',
        headers: ANONYMOUS,
        query: ['client_id', 'access_token'],
      },
      {
        name: 'GET profile/user/{id}',
        url: `/api/profile/user/${player.idUser}`,
        headers: asUser(token),
        query: ['include'],
      },
      { name: 'GET profile/connects', url: '/api/profile/connects', headers: asUser(token), query: [] },
    ] as const;

  const problems: string[] = [];
  async function send(options: InjectOptions, context: string): Promise<LightMyRequestResponse> {
    const res = await t.app.inject(options);
    const problem = problemOf(res, context);
    if (problem) problems.push(problem);
    return res;
  }
  /** Fails the current test with every problem collected so far (and clears them). */
  function expectNoProblems(): void {
    const found = problems.splice(0);
    expect(found, `${found.length} bad answers`).toEqual([]);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    player = await createPlayer(t, 'FuzzPlayer1');
    token = (await sessionOf(t, player)).token.Value;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses wrong JSON types in every field with 400 ERROR_FIELD_INVALID on that field', async () => {
    const usersBefore = await countRows(t, 'users');
    const tokensBefore = await countRows(t, 'email_tokens');
    let created = 0;
    const notString = [1, 0, -1.5, true, false, [], ['a'], {}, { a: 'b' }];
    const notBoolean = ['true', 'false', 1, 0, '', [], {}, null];
    const notInteger = ['20000', true, [], {}, -1, 1.5, 1e13, ''];
    const cases: Array<{ route: BodyRoute; field: string; value: unknown; mustRefuse: boolean }> = [];
    for (const route of bodyRoutes) {
      for (const field of route.text) {
        for (const value of [...notString, null]) cases.push({ route, field, value, mustRefuse: true });
      }
      for (const field of route.optionalText) {
        for (const value of notString) cases.push({ route, field, value, mustRefuse: true });
        cases.push({ route, field, value: null, mustRefuse: false });
      }
      for (const field of route.flags)
        for (const value of notBoolean) cases.push({ route, field, value, mustRefuse: true });
      for (const field of route.numbers)
        for (const value of notInteger) cases.push({ route, field, value, mustRefuse: true });
    }
    expect(cases.length).toBeGreaterThan(200);
    await inBatches(cases, 8, async ({ route, field, value, mustRefuse }) => {
      const context = `${route.name} ${field}=${label(value)}`;
      const res = await send(
        {
          method: 'POST',
          url: route.url(),
          headers: route.headers(),
          payload: { ...route.valid(), [field]: value },
        },
        context,
      );
      if (route.name === 'POST register/new-user' && res.statusCode === 201) created += 1;
      if (mustRefuse) {
        const items = res.statusCode === 400 ? json<{ ErrorMessages: unknown[] }>(res).ErrorMessages : [];
        if (
          !items.some(
            (i) =>
              JSON.stringify(i) === JSON.stringify({ Property: field, ErrorMessage: 'ERROR_FIELD_INVALID' }),
          )
        ) {
          problems.push(
            `not refused as ERROR_FIELD_INVALID on ${field}: ${context} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
      }
    });
    expectNoProblems();
    expect(await countRows(t, 'users')).toBe(usersBefore + created);
    expect(await countRows(t, 'email_tokens')).toBe(tokensBefore + created);
  });

  it('answers missing fields and empty objects without a server error', async () => {
    for (const route of bodyRoutes) {
      await send(
        { method: 'POST', url: route.url(), headers: route.headers(), payload: {} },
        `${route.name} {}`,
      );
      for (const field of [...route.text, ...route.optionalText, ...route.flags, ...route.numbers]) {
        const { [field]: _dropped, ...rest } = route.valid();
        await send(
          { method: 'POST', url: route.url(), headers: route.headers(), payload: rest },
          `${route.name} without ${field}`,
        );
      }
    }
    for (const route of getRoutes()) {
      await send({ method: 'GET', url: route.url, headers: route.headers }, `${route.name} without query`);
    }
    expectNoProblems();
  });

  it('refuses bodies that are not one JSON object with a §8 4xx', async () => {
    const raw: Array<[contentType: string | undefined, body: string]> = [
      ['application/json', 'not json'],
      ['application/json', '{'],
      ['application/json', '{"UsernameOrEmail": '],
      ['application/json', ''],
      ['application/json', '[]'],
      ['application/json', '[{"UsernameOrEmail":"x"}]'],
      ['application/json', '"just a string"'],
      ['application/json', '42'],
      ['application/json', 'null'],
      ['application/json', 'true'],
      ['application/json', '{"__proto__": {"isAdmin": true}}'],
      ['application/json', '{"constructor": {"prototype": {"isAdmin": true}}}'],
      ['application/json', '\ufeff{}'],
      ['application/json; charset=utf-16', '{}'],
      ['text/plain', 'hello'],
      ['application/x-www-form-urlencoded', 'UsernameOrEmail=x&Password=y'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      ],
      ['application/xml', '<a/>'],
      [undefined, '{"UsernameOrEmail":"x"}'],
    ];
    for (const route of bodyRoutes) {
      for (const [contentType, body] of raw) {
        const headers: Record<string, string> = { ...route.headers() };
        if (contentType) headers['content-type'] = contentType;
        const context = `${route.name} ${contentType ?? '(no content-type)'} ${label(body)}`;
        const res = await send({ method: 'POST', url: route.url(), headers, payload: body }, context);
        // log-out with the anonymous bearer is refused (401) before its body is read.
        if (res.statusCode < 400) problems.push(`accepted: ${context} → ${res.statusCode}`);
      }
    }
    // A player's own log-out with a broken body must fail before the session is touched.
    const res = await send(
      {
        method: 'POST',
        url: `/api/log/user/${player.idUser}/log-out`,
        headers: { ...asUser(token), 'content-type': 'application/json' },
        payload: '{broken',
      },
      'log-out with broken JSON',
    );
    expect(res.statusCode).toBe(400);
    const still = await t.app.inject({ method: 'GET', url: '/api/profile/connects', headers: asUser(token) });
    expect(still.statusCode).toBe(200);
    expectNoProblems();
  });

  it('refuses a 100 000-character string in every field and parameter', async () => {
    for (const route of bodyRoutes) {
      for (const field of [...route.text, ...route.optionalText]) {
        const context = `${route.name} ${field}=100000×x`;
        const res = await send(
          {
            method: 'POST',
            url: route.url(),
            headers: route.headers(),
            payload: { ...route.valid(), [field]: HUGE },
          },
          context,
        );
        const expected = JSON.stringify({ Property: field, ErrorMessage: 'ERROR_FIELD_INVALID' });
        if (
          res.statusCode !== 400 ||
          !json<{ ErrorMessages: unknown[] }>(res).ErrorMessages.some((i) => JSON.stringify(i) === expected)
        ) {
          problems.push(`not refused on ${field}: ${context} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    for (const route of getRoutes()) {
      for (const field of route.query) {
        const res = await send(
          { method: 'GET', url: route.url, headers: route.headers, query: { [field]: HUGE } },
          `${route.name} ?${field}=100000×x`,
        );
        if (res.statusCode !== 400) problems.push(`${route.name} ?${field}=100000×x → ${res.statusCode}`);
      }
    }
    const paths: Array<[string, InjectOptions]> = [
      ['GET token/{identity}', { method: 'GET', url: `/api/token/${HUGE}`, headers: ANONYMOUS }],
      [
        'POST log/user/{id}/log-in',
        {
          method: 'POST',
          url: `/api/log/user/${HUGE}/log-in`,
          headers: ANONYMOUS,
          payload: { Password: 'Whatever1' },
        },
      ],
      ['GET profile/user/{id}', { method: 'GET', url: `/api/profile/user/${HUGE}`, headers: asUser(token) }],
      [
        'POST log/user/{id}/log-out',
        { method: 'POST', url: `/api/log/user/${HUGE}/log-out`, headers: asUser(token) },
      ],
      [
        'GET token/{identity} (300 characters)',
        { method: 'GET', url: `/api/token/${'a'.repeat(300)}`, headers: ANONYMOUS },
      ],
      [
        'GET profile/user/{id} (100 characters)',
        { method: 'GET', url: `/api/profile/user/${'a'.repeat(100)}`, headers: asUser(token) },
      ],
    ];
    for (const [name, options] of paths) {
      const res = await send(options, `${name} with a long parameter`);
      if (res.statusCode < 400) problems.push(`${name} with a long parameter → ${res.statusCode}`);
    }
    expectNoProblems();
  });

  it('refuses a body over 1 MiB with 413', async () => {
    for (const route of bodyRoutes) {
      const res = await send(
        {
          method: 'POST',
          url: route.url(),
          // Callers are identified before bodies are read: log-out needs the player's own token to
          // get as far as the body limit (which refuses it before the session is touched).
          headers: route.name.endsWith('log-out') ? asUser(token) : route.headers(),
          payload: { ...route.valid(), Padding: OVER_1_MIB },
        },
        `${route.name} with 1.1 MB`,
      );
      if (res.statusCode !== 413) problems.push(`${route.name} with 1.1 MB → ${res.statusCode}`);
    }
    expectNoProblems();
  });

  it('refuses malformed URLs and repeated query parameters with a §8 4xx', async () => {
    const urls = [
      '/api/token/%E0%A4%A',
      '/api/token/%',
      '/api/token/%00',
      '/api/log/user/%ZZ/log-in',
      '/api/token/verify?client_id=a&client_id=b&access_token=x',
      '/api/token/refresh?access_token=a&access_token=b',
      `/api/profile/user/${'%C3%A9'.repeat(10)}?include=Block&include=Block`,
    ];
    for (const url of urls) {
      const headers = url.startsWith('/api/profile') ? asUser(token) : ANONYMOUS;
      const method = url.includes('/log-in') ? 'POST' : 'GET';
      const res = await send(
        { method, url, headers, ...(method === 'POST' ? { payload: { Password: 'x' } } : {}) },
        `${method} ${url}`,
      );
      if (res.statusCode < 400) problems.push(`${method} ${url} → ${res.statusCode}`);
    }
    expectNoProblems();
  });

  it('refuses text the store cannot keep (U+0000, lone surrogates) with 400 ERROR_FIELD_INVALID on its field', async () => {
    const usersBefore = await countRows(t, 'users');
    const cases: Array<[InjectOptions, string]> = [
      [
        {
          method: 'POST',
          url: '/api/log/identify',
          headers: ANONYMOUS,
          payload: { UsernameOrEmail: 'Fuzz\u0000Player1' },
        },
        'UsernameOrEmail',
      ],
      [
        {
          method: 'POST',
          url: '/api/log/log-in',
          headers: ANONYMOUS,
          payload: { UsernameOrEmail: player.username, Password: player.password, ClientId: '\u0000' },
        },
        'ClientId',
      ],
      [
        {
          method: 'POST',
          url: '/api/register/new-user',
          headers: ANONYMOUS,
          payload: registerForm(`Nul${next()}`, { Firstname: 'Ada\u0000' }),
        },
        'Firstname',
      ],
      [
        {
          method: 'POST',
          url: '/api/register/new-user',
          headers: ANONYMOUS,
          payload: registerForm(`Nul${next()}`, { StudioName: 'a\ud800b' }),
        },
        'StudioName',
      ],
      [
        {
          method: 'POST',
          url: '/api/email/send-confirmation-email',
          headers: ANONYMOUS,
          payload: { Email: 'a\u0000@players.test' },
        },
        'Email',
      ],
      [
        {
          method: 'POST',
          url: '/api/log/user/%00/log-in',
          headers: ANONYMOUS,
          payload: { Password: 'Whatever1' },
        },
        'id',
      ],
      [{ method: 'GET', url: '/api/token/abc%00', headers: ANONYMOUS }, 'identity'],
      [
        {
          method: 'GET',
          url: '/api/token/verify',
          headers: ANONYMOUS,
          query: { client_id: 'a\u0000', access_token: 'x' },
        },
        'client_id',
      ],
    ];
    for (const [options, property] of cases) {
      const res = await t.app.inject(options);
      expect({ url: options.url, status: res.statusCode, body: json(res) }).toEqual({
        url: options.url,
        status: 400,
        body: { ErrorMessages: [{ Property: property, ErrorMessage: 'ERROR_FIELD_INVALID' }] },
      });
    }
    expect(await countRows(t, 'users')).toBe(usersBefore);
  });

  it('survives every naughty string in every field of register/new-user and writes nothing for a refusal', async () => {
    const usersBefore = await countRows(t, 'users');
    const tokensBefore = await countRows(t, 'email_tokens');
    const createdNames: string[] = [];
    const roundTrips: Array<{ username: string; value: string }> = [];
    const requests: Array<{
      overrides: (line: string) => Record<string, unknown>;
      what: string;
      line: string;
    }> = [];
    for (const line of NAUGHTY) {
      requests.push(
        { what: 'Username', line, overrides: (l) => ({ Username: l }) },
        { what: 'Password+ConfirmPassword', line, overrides: (l) => ({ Password: l, ConfirmPassword: l }) },
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
      const form = registerForm(name, overrides(line));
      const res = await send(
        { method: 'POST', url: '/api/register/new-user', headers: ANONYMOUS, payload: form },
        `register/new-user ${what}=${label(line)}`,
      );
      if (res.statusCode === 201) {
        createdNames.push(String(form.Username));
        if (what.startsWith('Firstname')) roundTrips.push({ username: name, value: line });
      } else if (res.statusCode !== 400) {
        problems.push(`register/new-user ${what}=${label(line)} → ${res.statusCode} (expected 201 or 400)`);
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
  }, 180_000);

  it('survives every naughty string in every field of log/identify and email/send-confirmation-email', async () => {
    const requests: Array<{ url: string; payload: Record<string, unknown>; what: string }> = [];
    for (const line of NAUGHTY) {
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
      requests.push({ url: '/api/email/send-confirmation-email', what: 'Email', payload: { Email: line } });
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
  });

  it('survives every naughty string in every field of log/log-in', async () => {
    const sessionsBefore = await countRows(t, 'sessions');
    let opened = 0;
    const requests: Array<{ payload: Record<string, unknown>; what: string; line: string }> = [];
    for (const line of NAUGHTY) {
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
  }, 120_000);

  it('survives every naughty string as the path parameter of token/{identity} and log/user/{id}/log-in', async () => {
    await inBatches(NAUGHTY, 8, async (line) => {
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
  }, 120_000);

  it('still serves the fuzz player afterwards', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}?include=Block`,
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ Username: string }>(res).Username).toBe('FuzzPlayer1');
  });
});
