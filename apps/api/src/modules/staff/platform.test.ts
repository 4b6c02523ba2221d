/**
 * The operator console's partner clients and redirect allow-list (issue 24 §3; platform.ts,
 * platform-routes.ts), on every store, through the real app listening on a port:
 * - every route's guard: 401 without a bearer, 403 ERROR_STAFF_ROLE_REQUIRED for a player, reading (and
 *   the tester) for every role, changes for admins only (403 ERROR_STAFF_ROLE_INSUFFICIENT), the per-IP
 *   limit counting refused calls, `Cache-Control: no-store`;
 * - clients: registered, listed (never a secret nor its hash), changed, their secret rotated (shown once,
 *   the old one refused at once), removed (its tokens end), each audited with the staff member, no
 *   player, `Subject` `client:<id>` and what changed; the portal's own client out of reach; RFC 9700's
 *   URI rules and the registry's answered as §8 400s with their codes, nothing written then;
 * - a client registered through the API signs a player in at once (authorization code with PKCE at the
 *   OpenID Provider, `oauth4webapi`; and through the spec's GET oauth and POST oauth/token, the sandbox
 *   partner site's way), without a restart;
 * - the allow-list: patterns added (normalised), refused when too broad, not https, malformed or listed,
 *   removed (not the configured ones), audited; a change applies to the next redirect check at once;
 * - the tester answers exactly what the real check (`allowedRedirectOrNull`, contracts
 *   `isRedirectAllowed`) says, on crafted addresses and every line of the open-redirect corpora;
 * - both lists walk page by page, every row once; bad cursors and limits are §8 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { isRedirectAllowed } from '@guildgate/contracts';
import { OPEN_REDIRECT_FILES, openRedirectPayloads } from '@guildgate/contracts/testing';
import { sha256 } from '../../lib/crypto.ts';
import { ANONYMOUS, STORES, freePort, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, sessionOf } from '../../test/helpers.ts';
import { registeredClient } from '../oauth-clients/index.ts';
import { HTTP, signInAt } from '../oidc/test-support.ts';
import { authorize, basic, pkcePair, postToken } from '../sso/test-support.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { platformRoutes } from './platform-test-support.ts';
import { call, type FactorPlayer, consoleCast } from './test-support.ts';

/** The configured partner origin (REDIRECT_PATTERNS). */
const PARTNER = 'https://partner.example';

interface ClientBody {
  ClientId: string;
  Name: string;
  RedirectUris: string[];
  PostLogoutRedirectUris: string[];
  BackchannelLogoutUri: string | null;
  UrisOutsideAllowList: string[];
  FirstParty: boolean;
  TokenEndpointAuthMethod: string;
  RefreshTokens: boolean;
  CreatedAt: string;
  UpdatedAt: string | null;
}
interface CreatedBody {
  Client: ClientBody;
  ClientSecret: string | null;
}
interface ClientsPage {
  Clients: ClientBody[];
  NextCursor: string | null;
}
interface PatternBody {
  Id: string;
  Pattern: string;
  Configured: boolean;
}
interface PatternsPage {
  Patterns: PatternBody[];
  NextCursor: string | null;
}
interface AuditEventBody {
  Type: string;
  Actor: { Kind: string; Id_User: string | null };
  Target: unknown;
  Subject?: string;
  Changes: { Field: string; From: string | null; To: string | null }[];
  Ip: string | null;
}
interface TestBody {
  Allowed: boolean;
  MatchedPattern: string | null;
  Reason: string | null;
}

describe.each(STORES)('the console’s clients and redirect allow-list on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let as: oauth.AuthorizationServer;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  let playerToken: string;
  const name = (prefix: string) => `${prefix}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, { env: { PUBLIC_URL: base, REDIRECT_PATTERNS: `${PARTNER}/` } });
    await t.app.listen({ port, host: '127.0.0.1' });
    ({ admin, support, viewer, playerToken } = await consoleCast(t, 'Plat', name('')));
    const issuer = new URL(`${base}/oidc`);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, HTTP));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string, token = admin.token): Promise<T> => {
    const res = await call(t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const create = async (body: Record<string, unknown>): Promise<CreatedBody> => {
    const res = await call(t, 'POST', 'admin/clients', admin.token, body);
    expect(res.statusCode, res.body).toBe(201);
    return json<CreatedBody>(res);
  };
  const addPattern = async (pattern: string): Promise<PatternBody> => {
    const res = await call(t, 'POST', 'admin/redirect-patterns', admin.token, { Pattern: pattern });
    expect(res.statusCode, res.body).toBe(201);
    return json<PatternBody>(res);
  };
  /** The staff audit events of this area, newest first. */
  const settingEvents = async (): Promise<AuditEventBody[]> =>
    (await get<{ Events: AuditEventBody[] }>('admin/audit?limit=100', viewer.token)).Events.filter(
      (e) => e.Type.startsWith('staff.client_') || e.Type.startsWith('staff.redirect_pattern_'),
    );
  const tester = async (url: string, token = viewer.token): Promise<TestBody> => {
    const res = await call(t, 'POST', 'admin/redirect-patterns/test', token, { Url: url });
    expect(res.statusCode, res.body).toBe(200);
    return json<TestBody>(res);
  };

  it('guards every route: a player 403, reading for every role, changes for admins only', async () => {
    for (const route of platformRoutes('guard-client', '999')) {
      const label = `${route.method} ${route.url}`;
      const request = { method: route.method, url: `/api/${route.url}`, payload: route.payload };
      expectErrors(await t.app.inject({ ...request, headers: ANONYMOUS }), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      const refused = await call(t, route.method, route.url, playerToken, route.payload);
      expectErrors(refused, 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
      expect(refused.headers['cache-control'], label).toBe('no-store');
      for (const member of [support, viewer]) {
        const res = await call(t, route.method, route.url, member.token, route.payload);
        expect(res.headers['cache-control'], label).toBe('no-store');
        if (route.permission === 'platform.read') expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
        else expectErrors(res, 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
      }
    }
    // Refused calls changed nothing.
    expect(await registeredClient(t.ctx.db, 'guard-client')).toBeUndefined();
    expect((await get<ClientsPage>('admin/clients?limit=100')).Clients.map((c) => c.Name)).not.toContain(
      'Guard check',
    );
    expect(await settingEvents()).toEqual([]);
  });

  it('limits the calls per IP, refused ones included', async () => {
    const limited = await startTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const someone = await createPlayer(limited, name('PlatLimited'));
      const token = (await sessionOf(limited, someone)).token.Value;
      for (const route of platformRoutes('x', '1')) {
        const send = () => call(limited, route.method, route.url, token, route.payload);
        for (let i = 0; i < 2; i++) expectErrors(await send(), 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
        expectErrors(await send(), 429, [['', 'ERROR_RATE_LIMITED']]);
      }
    } finally {
      await limited.close();
    }
  });

  it('registers, lists, changes, rotates and removes a client, each audited, the secret shown once', async () => {
    const created = await create({
      ClientId: 'console-forum',
      Name: ' Forum ',
      RedirectUris: [`${PARTNER}/forum/callback`, 'https://elsewhere.example/cb'],
      PostLogoutRedirectUris: [`${PARTNER}/forum/bye`],
      FirstParty: true,
      TokenEndpointAuthMethod: 'client_secret_post',
    });
    const secret = created.ClientSecret ?? '';
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(created.Client).toEqual({
      ClientId: 'console-forum',
      Name: 'Forum',
      RedirectUris: [`${PARTNER}/forum/callback`, 'https://elsewhere.example/cb'],
      PostLogoutRedirectUris: [`${PARTNER}/forum/bye`],
      BackchannelLogoutUri: null,
      // Not on the allow-list: the provider ignores it until a pattern allows it.
      UrisOutsideAllowList: ['https://elsewhere.example/cb'],
      FirstParty: true,
      TokenEndpointAuthMethod: 'client_secret_post',
      RefreshTokens: true,
      CreatedAt: expect.any(String),
      UpdatedAt: null,
    });
    expect((await registeredClient(t.ctx.db, 'console-forum'))?.secretHash).toBe(sha256(secret));

    // A public client, its id picked by the hub.
    const app = await create({
      Name: 'Companion',
      RedirectUris: ['http://127.0.0.1:7777/cb'],
      TokenEndpointAuthMethod: 'none',
    });
    expect(app.ClientSecret).toBeNull();
    expect(app.Client.ClientId).toMatch(/^[\w-]{22}$/);
    expect(app.Client).toMatchObject({ TokenEndpointAuthMethod: 'none', FirstParty: false });

    // Listed, never with a secret or its hash.
    const list = await get<ClientsPage>('admin/clients?limit=100', viewer.token);
    const ids = list.Clients.map((c) => c.ClientId);
    expect(ids).toEqual(
      expect.arrayContaining(['console-forum', app.Client.ClientId, t.config.portalClientId]),
    );
    expect([...ids].sort()).toEqual(ids);
    const listed = JSON.stringify(list);
    expect(listed).not.toContain(secret);
    expect(listed).not.toContain(sha256(secret));
    expect(listed).not.toMatch(/secret"?:/i);

    const changed = await call(t, 'PUT', 'admin/clients/console-forum', admin.token, {
      Name: 'Forum of partner.example',
      RedirectUris: [`${PARTNER}/forum/callback`],
      PostLogoutRedirectUris: [],
      FirstParty: false,
      RefreshTokens: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<ClientBody>(changed)).toMatchObject({
      Name: 'Forum of partner.example',
      RedirectUris: [`${PARTNER}/forum/callback`],
      PostLogoutRedirectUris: [],
      UrisOutsideAllowList: [],
      FirstParty: false,
      RefreshTokens: false,
      TokenEndpointAuthMethod: 'client_secret_post',
      UpdatedAt: expect.any(String),
    });

    const rotated = await call(t, 'POST', 'admin/clients/console-forum/secret', admin.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = json<{ ClientSecret: string; Client: ClientBody }>(rotated).ClientSecret;
    expect(newSecret).toMatch(/^[\w-]{43}$/);
    expect(newSecret).not.toBe(secret);
    expect((await registeredClient(t.ctx.db, 'console-forum'))?.secretHash).toBe(sha256(newSecret));

    const removed = await call(t, 'DELETE', 'admin/clients/console-forum', admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed)).toEqual({ Success: true });
    expect(await registeredClient(t.ctx.db, 'console-forum')).toBeUndefined();
    expectErrors(await call(t, 'DELETE', 'admin/clients/console-forum', admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);
    expectErrors(await call(t, 'POST', 'admin/clients/console-forum/secret', admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);
    expectErrors(await call(t, 'PUT', 'admin/clients/console-forum', admin.token, { Name: 'x' }), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);

    // The trail: the admin, no player, the client as subject, what changed — never a secret.
    const events = (await settingEvents()).filter((e) => e.Subject === 'client:console-forum');
    const actor = { Kind: 'staff', Id_User: admin.idUser, Username: admin.username };
    expect(events.map(({ Type, Actor, Target }) => ({ Type, Actor, Target }))).toEqual(
      [
        'staff.client_removed',
        'staff.client_secret_rotated',
        'staff.client_updated',
        'staff.client_created',
      ].map((Type) => ({ Type, Actor: actor, Target: null })),
    );
    expect(events.every((e) => e.Ip !== null)).toBe(true);
    const [removal, rotation, update, creation] = events;
    expect(creation.Changes).toEqual([
      { Field: 'name', From: null, To: 'Forum' },
      { Field: 'redirect_uris', From: null, To: `${PARTNER}/forum/callback https://elsewhere.example/cb` },
      { Field: 'post_logout_redirect_uris', From: null, To: `${PARTNER}/forum/bye` },
      { Field: 'first_party', From: null, To: 'true' },
      { Field: 'token_endpoint_auth_method', From: null, To: 'client_secret_post' },
      { Field: 'refresh_tokens', From: null, To: 'true' },
    ]);
    expect(update.Changes).toEqual([
      { Field: 'name', From: 'Forum', To: 'Forum of partner.example' },
      {
        Field: 'redirect_uris',
        From: `${PARTNER}/forum/callback https://elsewhere.example/cb`,
        To: `${PARTNER}/forum/callback`,
      },
      { Field: 'post_logout_redirect_uris', From: `${PARTNER}/forum/bye`, To: null },
      { Field: 'first_party', From: 'true', To: 'false' },
      { Field: 'refresh_tokens', From: 'true', To: 'false' },
    ]);
    expect(rotation.Changes).toEqual([]);
    expect(removal.Changes.find((c) => c.Field === 'name')).toEqual({
      Field: 'name',
      From: 'Forum of partner.example',
      To: null,
    });
    const trail = JSON.stringify(await t.ctx.db.selectFrom('staff_audit_events').select('detail').execute());
    for (const hidden of [secret, newSecret, sha256(secret), sha256(newSecret)])
      expect(trail).not.toContain(hidden);
  });

  it('keeps the portal’s own client out of reach', async () => {
    const portal = t.config.portalClientId;
    expectErrors(await call(t, 'PUT', `admin/clients/${portal}`, admin.token, { Name: 'Mine' }), 400, [
      ['', 'ERROR_CLIENT_PORTAL'],
    ]);
    expectErrors(await call(t, 'POST', `admin/clients/${portal}/secret`, admin.token), 400, [
      ['', 'ERROR_CLIENT_PORTAL'],
    ]);
    expectErrors(await call(t, 'DELETE', `admin/clients/${portal}`, admin.token), 400, [
      ['', 'ERROR_CLIENT_PORTAL'],
    ]);
    expect(await registeredClient(t.ctx.db, portal)).toMatchObject({ name: 'Guildgate portal' });
  });

  it('answers bad clients with §8 400s and their codes, writing nothing', async () => {
    const before = await settingEvents();
    const valid = { Name: 'Valid', RedirectUris: [`${PARTNER}/valid/cb`] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ RedirectUris: ['http://partner.example/cb'] }, 'RedirectUris', 'ERROR_CLIENT_URI_NOT_HTTPS'],
      [{ RedirectUris: ['javascript:alert(1)'] }, 'RedirectUris', 'ERROR_CLIENT_URI_NOT_HTTPS'],
      [{ RedirectUris: ['https://*.partner.example/cb'] }, 'RedirectUris', 'ERROR_CLIENT_URI_WILDCARD'],
      [{ RedirectUris: ['https://partner.example/*'] }, 'RedirectUris', 'ERROR_CLIENT_URI_WILDCARD'],
      [{ RedirectUris: ['https://partner.example/cb#x'] }, 'RedirectUris', 'ERROR_CLIENT_URI_FRAGMENT'],
      [{ RedirectUris: ['https://user:pw@partner.example/cb'] }, 'RedirectUris', 'ERROR_CLIENT_URI_INVALID'],
      [{ RedirectUris: ['/relative/cb'] }, 'RedirectUris', 'ERROR_CLIENT_URI_INVALID'],
      [
        { RedirectUris: ['https://partner.example/cb'], PostLogoutRedirectUris: ['http://10.0.0.1/bye'] },
        'PostLogoutRedirectUris',
        'ERROR_CLIENT_URI_NOT_HTTPS',
      ],
      [
        { BackchannelLogoutUri: 'https://partner.example/bc#x' },
        'BackchannelLogoutUri',
        'ERROR_CLIENT_URI_FRAGMENT',
      ],
      [{ Name: '   ' }, 'Name', 'ERROR_CLIENT_NAME_INVALID'],
      [{ Name: 'Bell\u0007' }, 'Name', 'ERROR_CLIENT_NAME_INVALID'],
      [{ Name: 'x'.repeat(101) }, 'Name', 'ERROR_CLIENT_NAME_INVALID'],
      [{ ClientId: t.config.portalClientId }, 'ClientId', 'ERROR_CLIENT_ID_TAKEN'],
      [{ RedirectUris: [] }, 'RedirectUris', 'ERROR_FIELD_INVALID'],
      [
        { RedirectUris: Array.from({ length: 21 }, (_, i) => `${PARTNER}/${i}`) },
        'RedirectUris',
        'ERROR_FIELD_INVALID',
      ],
      [{ ClientId: 'has space' }, 'ClientId', 'ERROR_FIELD_INVALID'],
      [{ ClientId: 'x'.repeat(129) }, 'ClientId', 'ERROR_FIELD_INVALID'],
      [{ TokenEndpointAuthMethod: 'private_key_jwt' }, 'TokenEndpointAuthMethod', 'ERROR_FIELD_INVALID'],
      [{ FirstParty: 'yes' }, 'FirstParty', 'ERROR_FIELD_INVALID'],
      [{ RedirectUris: 'https://partner.example/cb' }, 'RedirectUris', 'ERROR_FIELD_INVALID'],
    ];
    for (const [change, property, code] of cases)
      expectErrors(await call(t, 'POST', 'admin/clients', admin.token, { ...valid, ...change }), 400, [
        [property, code],
      ]);
    expect((await call(t, 'POST', 'admin/clients', admin.token, {})).statusCode).toBe(400);
    expect((await call(t, 'POST', 'admin/clients', admin.token, [])).statusCode).toBe(400);

    // Loopback addresses may be http (RFC 8252 §7.3).
    const loopback = await create({
      ClientId: name('console-loopback'),
      Name: 'Loopback',
      RedirectUris: ['http://localhost:8090/partner/callback', 'http://127.0.0.1:9/cb', 'http://[::1]:9/cb'],
      TokenEndpointAuthMethod: 'none',
    });
    const id = loopback.Client.ClientId;
    const put = (body: unknown) => call(t, 'PUT', `admin/clients/${id}`, admin.token, body);
    expectErrors(await put({}), 400, [['', 'ERROR_CLIENT_NOTHING_TO_CHANGE']]);
    expectErrors(await put({ TokenEndpointAuthMethod: 'client_secret_basic' }), 400, [
      ['TokenEndpointAuthMethod', 'ERROR_CLIENT_PUBLIC'],
    ]);
    expectErrors(await put({ TokenEndpointAuthMethod: 'none' }), 400, [
      ['TokenEndpointAuthMethod', 'ERROR_FIELD_INVALID'],
    ]);
    expectErrors(await put({ RedirectUris: ['https://partner.example/a#b'] }), 400, [
      ['RedirectUris', 'ERROR_CLIENT_URI_FRAGMENT'],
    ]);
    expectErrors(await put({ Name: '' }), 400, [['Name', 'ERROR_CLIENT_NAME_INVALID']]);
    expectErrors(await call(t, 'POST', `admin/clients/${id}/secret`, admin.token), 400, [
      ['', 'ERROR_CLIENT_PUBLIC'],
    ]);
    for (const bad of ['has space', 'a'.repeat(129), "x' or 1=1 --"]) {
      const path = `admin/clients/${encodeURIComponent(bad)}`;
      expectErrors(await call(t, 'PUT', path, admin.token, { Name: 'x' }), 400, [
        ['clientId', 'ERROR_FIELD_INVALID'],
      ]);
      expectErrors(await call(t, 'DELETE', path, admin.token), 400, [['clientId', 'ERROR_FIELD_INVALID']]);
      expectErrors(await call(t, 'POST', `${path}/secret`, admin.token), 400, [
        ['clientId', 'ERROR_FIELD_INVALID'],
      ]);
    }
    // Only the loopback client's registration was written.
    const after = await settingEvents();
    expect(after.slice(0, after.length - before.length).map((e) => [e.Type, e.Subject])).toEqual([
      ['staff.client_created', `client:${id}`],
    ]);
  });

  it('registers one client when two admins register the same id at once (never a 500)', async () => {
    const body = { ClientId: name('console-race'), Name: 'Race', RedirectUris: [`${PARTNER}/race`] };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t, 'POST', 'admin/clients', admin.token, body)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400, 400]);
    for (const res of answers.filter((a) => a.statusCode === 400))
      expectErrors(res, 400, [['ClientId', 'ERROR_CLIENT_ID_TAKEN']]);
    const events = (await settingEvents()).filter((e) => e.Subject === `client:${body.ClientId}`);
    expect(events.map((e) => e.Type)).toEqual(['staff.client_created']);
  });

  it('signs a player in at once with a client registered through the API, and ends it at its removal', async () => {
    const redirectUri = `${PARTNER}/console-site/callback`;
    const created = await create({
      ClientId: 'console-site',
      Name: 'Console site',
      RedirectUris: [redirectUri],
      FirstParty: true,
    });
    const secret = created.ClientSecret ?? '';
    const site = { client: { client_id: 'console-site' }, secret, redirectUri };
    const someone = await createPlayer(t, name('PlatSignIn'));
    const { tokens } = await signInAt({ t, base, as, partner: site, player: someone });
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({
      aud: 'console-site',
      sub: someone.idUser,
    });

    // A rotation: the old secret is refused at once, the new one works.
    const rotated = await call(t, 'POST', 'admin/clients/console-site/secret', admin.token);
    const newSecret = json<{ ClientSecret: string }>(rotated).ClientSecret;
    await expect(signInAt({ t, base, as, partner: site, player: someone })).rejects.toThrow();
    const again = await signInAt({ t, base, as, partner: { ...site, secret: newSecret }, player: someone });
    const refreshToken = again.tokens.refresh_token ?? '';
    expect(refreshToken).not.toBe('');

    // A removal ends its grants and tokens with it.
    expect((await call(t, 'DELETE', 'admin/clients/console-site', admin.token)).statusCode).toBe(200);
    expect(
      await t.ctx.db
        .selectFrom('oidc_payloads')
        .select('model')
        .where('client_id', '=', 'console-site')
        .execute(),
    ).toEqual([]);
    const refresh = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`console-site:${newSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });

  it('signs a player in through GET oauth and POST oauth/token, as the sandbox partner site does, with a client registered through the API', async () => {
    const redirectUri = `${PARTNER}/partner/callback`;
    const created = await create({
      ClientId: 'console-partner',
      Name: 'Partner site',
      RedirectUris: [redirectUri],
      FirstParty: true,
    });
    const someone = await createPlayer(t, name('PlatSpec'));
    const session = await sessionOf(t, someone);
    const hub = {
      t,
      secret: created.ClientSecret ?? '',
      otherSecret: '',
      player: someone,
      bearer: session.token.Value,
      identity: session.identity,
    };
    const pkce = pkcePair('console partner');
    const target = await authorize(hub, {
      client_id: 'console-partner',
      redirect_uri: redirectUri,
      state: 'console-state',
      response_type: 'code',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(target.href.startsWith(`${redirectUri}?`), target.href).toBe(true);
    expect(target.searchParams.get('state')).toBe('console-state');
    const exchange = await postToken(
      hub,
      {
        grant_type: 'authorization_code',
        code: target.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        code_verifier: pkce.verifier,
      },
      basic('console-partner', hub.secret),
    );
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect(json<{ access_token: string; refresh_token?: string }>(exchange)).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
  });

  it('adds and removes allow-list patterns, refusing broad, insecure, malformed and listed ones', async () => {
    const before = await settingEvents();
    const added = await addPattern('  HTTPS://Shop.Partner-Two.example/Store  ');
    expect(added).toEqual({
      Id: expect.any(String),
      Pattern: 'https://shop.partner-two.example/Store',
      Configured: false,
    });
    const wildcard = await addPattern('https://*.guild.example/');
    const loopback = await addPattern('http://localhost:8090/partner/');
    const refusals: [string, string][] = [
      ['*', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://*', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://*/', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['*.com', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://*.com', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://*.com/', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://a.*.example/', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://*.*.example/', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['https://partner.example/*', 'ERROR_REDIRECT_PATTERN_TOO_BROAD'],
      ['ftp://files.example/', 'ERROR_REDIRECT_PATTERN_SCHEME'],
      ['javascript:alert(1)', 'ERROR_REDIRECT_PATTERN_SCHEME'],
      ['http://partner.example/', 'ERROR_REDIRECT_PATTERN_SCHEME'],
      ['http://*.local.example/', 'ERROR_REDIRECT_PATTERN_SCHEME'],
      ['partner.example', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner.example/../admin', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner.example/%2e%2e/', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner..example/', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://-partner.example/', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner.example:99999/', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://user@partner.example/', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner.example/a b', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://partner.example/?next=x', 'ERROR_REDIRECT_PATTERN_INVALID'],
      ['https://shop.partner-two.example/Store', 'ERROR_REDIRECT_PATTERN_EXISTS'],
      [`${PARTNER}/`, 'ERROR_REDIRECT_PATTERN_EXISTS'],
    ];
    for (const [pattern, code] of refusals)
      expectErrors(await call(t, 'POST', 'admin/redirect-patterns', admin.token, { Pattern: pattern }), 400, [
        ['Pattern', code],
      ]);
    for (const body of [{}, { Pattern: '' }, { Pattern: 'x'.repeat(501) }, { Pattern: 3 }])
      expectErrors(await call(t, 'POST', 'admin/redirect-patterns', admin.token, body), 400, [
        ['Pattern', 'ERROR_FIELD_INVALID'],
      ]);

    const list = (await get<PatternsPage>('admin/redirect-patterns?limit=100', viewer.token)).Patterns;
    expect(list.find((p) => p.Pattern === `${PARTNER}/`)).toMatchObject({ Configured: true });
    expect(list.find((p) => p.Pattern === `${base}/`)).toMatchObject({ Configured: true });
    expect(list.map((p) => p.Id)).toEqual(expect.arrayContaining([added.Id, wildcard.Id, loopback.Id]));

    // Removal: not a configured pattern; an unknown or malformed id.
    const configured = list.find((p) => p.Pattern === `${PARTNER}/`);
    expectErrors(
      await call(t, 'DELETE', `admin/redirect-patterns/${configured?.Id ?? ''}`, admin.token),
      400,
      [['', 'ERROR_REDIRECT_PATTERN_CONFIGURED']],
    );
    expectErrors(await call(t, 'DELETE', 'admin/redirect-patterns/2147483000', admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999'])
      expectErrors(await call(t, 'DELETE', `admin/redirect-patterns/${bad}`, admin.token), 400, [
        ['id', 'ERROR_FIELD_INVALID'],
      ]);
    const removed = await call(t, 'DELETE', `admin/redirect-patterns/${wildcard.Id}`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await get<PatternsPage>('admin/redirect-patterns?limit=100')).Patterns.map((p) => p.Id),
    ).not.toContain(wildcard.Id);

    const after = await settingEvents();
    const actor = { Kind: 'staff', Id_User: admin.idUser, Username: admin.username };
    expect(
      after
        .slice(0, after.length - before.length)
        .map(({ Type, Subject, Actor, Target, Changes }) => ({ Type, Subject, Actor, Target, Changes })),
    ).toEqual([
      {
        Type: 'staff.redirect_pattern_removed',
        Subject: `redirect_pattern:${wildcard.Id}`,
        Actor: actor,
        Target: null,
        Changes: [{ Field: 'pattern', From: 'https://*.guild.example/', To: null }],
      },
      ...[loopback, wildcard, added].map((p) => ({
        Type: 'staff.redirect_pattern_added',
        Subject: `redirect_pattern:${p.Id}`,
        Actor: actor,
        Target: null,
        Changes: [{ Field: 'pattern', From: null, To: p.Pattern }],
      })),
    ]);
  });

  it('tests an address exactly as the real redirect check does, with the pattern or the reason', async () => {
    const pattern = await addPattern('https://tester.example/app');
    expect(await tester('https://tester.example/app/page?x=1')).toEqual({
      Allowed: true,
      MatchedPattern: 'https://tester.example/app',
      Reason: null,
    });
    expect(await tester(`${PARTNER}/anything`, support.token)).toEqual({
      Allowed: true,
      MatchedPattern: `${PARTNER}/`,
      Reason: null,
    });
    const reasons: [string, string][] = [
      ['', 'not_a_url'],
      ['/relative', 'not_a_url'],
      ['javascript:alert(1)', 'scheme_not_allowed'],
      ['https://tester.example/app /x', 'unsafe_characters'],
      ['https://evil.example@tester.example/app', 'user_information'],
      ['https://tester%2eexample/app', 'encoded_authority'],
      ['https://tester.example/app/../admin', 'path_traversal'],
      ['https://.tester.example/app', 'ambiguous_host'],
      ['https://tester.example/app//evil.example', 'embedded_address'],
      ['https://unknown.example/', 'no_pattern_for_host'],
      ['http://tester.example/app', 'scheme_or_port_mismatch'],
      ['https://tester.example:8443/app', 'scheme_or_port_mismatch'],
      ['https://tester.example/other', 'path_not_allowed'],
      ['https://tester.example/application', 'path_not_allowed'],
    ];
    for (const [url, reason] of reasons)
      expect(await tester(url), url).toEqual({ Allowed: false, MatchedPattern: null, Reason: reason });

    // A removal applies to the next check at once.
    await call(t, 'DELETE', `admin/redirect-patterns/${pattern.Id}`, admin.token);
    expect(await tester('https://tester.example/app/page')).toMatchObject({
      Allowed: false,
      Reason: 'no_pattern_for_host',
    });
    expect(await allowedRedirectOrNull(t.ctx, 'https://tester.example/app/page')).toBeNull();
    expectErrors(await call(t, 'POST', 'admin/redirect-patterns/test', viewer.token, {}), 400, [
      ['Url', 'ERROR_FIELD_INVALID'],
    ]);
  });

  it('never disagrees with the real check, on every open-redirect payload and partner address', async () => {
    await addPattern('https://*.partner-three.example/games');
    const patterns = (await get<PatternsPage>('admin/redirect-patterns?limit=100')).Patterns.map(
      (p) => p.Pattern,
    );
    const urls = [
      `${PARTNER}/`,
      `${PARTNER}/forum/thread?id=3`,
      'https://eu.partner-three.example/games/1',
      'https://partner-three.example/games/1',
      'https://eu.partner-three.example/gamesx',
      ...OPEN_REDIRECT_FILES.flatMap((file) => openRedirectPayloads(file, 'partner.example')),
    ];
    expect(urls.length).toBeGreaterThan(100);
    const disagreements: string[] = [];
    let allowed = 0;
    for (const url of urls) {
      const verdict = await tester(url);
      const real = (await allowedRedirectOrNull(t.ctx, url)) !== null;
      if (verdict.Allowed !== real || verdict.Allowed !== isRedirectAllowed(url, patterns))
        disagreements.push(`${url}: tester ${String(verdict.Allowed)}, real ${String(real)}`);
      if (verdict.Allowed) allowed += 1;
      expect(verdict.Allowed ? verdict.Reason : verdict.MatchedPattern).toBeNull();
    }
    expect(disagreements).toEqual([]);
    expect(allowed).toBeGreaterThanOrEqual(3);
  });

  it('walks both lists page by page, every row once; bad cursors and limits are §8 400s', async () => {
    for (const n of [1, 2, 3, 4]) {
      await create({ ClientId: `console-page-${n}`, Name: `Page ${n}`, RedirectUris: [`${PARTNER}/p${n}`] });
      await addPattern(`https://page${n}.example/`);
    }
    const walk = async <T>(list: string, key: 'Clients' | 'Patterns'): Promise<T[]> => {
      const seen: T[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Record<string, unknown> & { NextCursor: string | null } = await get(
          `${list}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          viewer.token,
        );
        const rows = page[key] as T[];
        expect(rows.length).toBeLessThanOrEqual(2);
        seen.push(...rows);
        cursor = page.NextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBeGreaterThan(2);
      return seen;
    };
    const clients = await walk<ClientBody>('admin/clients', 'Clients');
    const storedClients = await t.ctx.db.selectFrom('oauth_clients').select('client_id').execute();
    expect(clients.map((c) => c.ClientId)).toEqual(storedClients.map((c) => c.client_id).sort());
    const patterns = await walk<PatternBody>('admin/redirect-patterns', 'Patterns');
    const storedPatterns = await t.ctx.db
      .selectFrom('redirect_patterns')
      .select('id')
      .orderBy('id')
      .execute();
    expect(patterns.map((p) => Number(p.Id))).toEqual(storedPatterns.map((p) => p.id));

    for (const list of ['admin/clients', 'admin/redirect-patterns']) {
      for (const cursor of ['nope!', Buffer.from('has space').toString('base64url'), 'a'.repeat(200)])
        expectErrors(
          await call(t, 'GET', `${list}?cursor=${encodeURIComponent(cursor)}`, viewer.token),
          400,
          [['cursor', cursor.length > 128 ? 'ERROR_FIELD_INVALID' : 'ERROR_CURSOR_INVALID']],
        );
      expectErrors(
        await call(
          t,
          'GET',
          `admin/redirect-patterns?cursor=${Buffer.from('0').toString('base64url')}`,
          viewer.token,
        ),
        400,
        [['cursor', 'ERROR_CURSOR_INVALID']],
      );
      for (const limit of ['0', '101', 'ten'])
        expectErrors(await call(t, 'GET', `${list}?limit=${limit}`, viewer.token), 400, [
          ['limit', 'ERROR_FIELD_INVALID'],
        ]);
    }
  });
});
