/**
 * Structurally bad input to every route of the first journey (DESIGN.md §4 "never a 500 for bad
 * input"): wrong JSON types, missing fields, bodies that are not a JSON object, huge strings, bodies
 * over the 64 KiB limit, malformed URLs and text the store cannot keep. Every answer must be below 500, every
 * 4xx must be the §8 shape with catalogued codes, and a refused registration must write nothing.
 * The Big List of Naughty Strings runs in naughty-strings.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  ANONYMOUS,
  STORES,
  asUser,
  formTokenPool,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { countRows, createPlayer, sessionOf, type Player } from './helpers.ts';
import {
  HUGE,
  OVER_BODY_LIMIT,
  bodyRouteTable,
  collectProblems,
  getRouteTable,
  inBatches,
  label,
  type BodyRoute,
  type FuzzSubject,
} from './bad-input-support.ts';

describe.each(STORES)('bad input on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  let token: string;
  let seq = 0;
  const next = () => (seq += 1);
  let formToken: () => string = () => '';
  const subject: FuzzSubject = {
    player: () => player,
    token: () => token,
    next,
    formToken: () => formToken(),
  };

  const bodyRoutes: BodyRoute[] = bodyRouteTable(subject);
  /** GET routes with their query fields (all optional text). */
  const getRoutes = () => getRouteTable(subject);

  const { problems, send, expectNoProblems } = collectProblems(() => t);

  beforeAll(async () => {
    t = await startTestApp(kind);
    formToken = await formTokenPool(t);
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
      // A body of optional fields only takes `{}`; RFC 8259 §8.1 lets a parser ignore a leading BOM.
      const takesEmptyObject = [route.text, route.flags, route.numbers].every(
        (fields) => fields.length === 0,
      );
      for (const [contentType, body] of raw) {
        if (takesEmptyObject && body === '\ufeff{}') continue;
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

  it('refuses a 10 000-character string in every field and parameter', async () => {
    for (const route of bodyRoutes) {
      for (const field of [...route.text, ...route.optionalText]) {
        const context = `${route.name} ${field}=10000×x`;
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
          `${route.name} ?${field}=10000×x`,
        );
        if (res.statusCode !== 400) problems.push(`${route.name} ?${field}=10000×x → ${res.statusCode}`);
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

  it('refuses a body over the 64 KiB limit with 413', async () => {
    for (const route of bodyRoutes) {
      const res = await send(
        {
          method: 'POST',
          url: route.url(),
          // Callers are identified before bodies are read: log-out needs the player's own token to
          // get as far as the body limit (which refuses it before the session is touched).
          headers: route.name.endsWith('log-out') ? asUser(token) : route.headers(),
          payload: { ...route.valid(), Padding: OVER_BODY_LIMIT },
        },
        `${route.name} with 70 kB of padding`,
      );
      if (res.statusCode !== 413) problems.push(`${route.name} with 70 kB of padding → ${res.statusCode}`);
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
          payload: registerForm(`Nul${next()}`, { Firstname: 'Ada\u0000', FormToken: formToken() }),
        },
        'Firstname',
      ],
      [
        {
          method: 'POST',
          url: '/api/register/new-user',
          headers: ANONYMOUS,
          payload: registerForm(`Nul${next()}`, { StudioName: 'a\ud800b', FormToken: formToken() }),
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
});
