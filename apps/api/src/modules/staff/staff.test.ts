/**
 * The operator console's foundation (issue 24 slice 1; docs/security.md "Staff and the admin API"), on
 * every store, through the real app: every admin route refuses a call without the api key or a bearer
 * (401), a player without a role (403 ERROR_STAFF_ROLE_REQUIRED), staff without a second factor (403
 * ERROR_STAFF_SECOND_FACTOR_REQUIRED), staff whose session is no full authentication — a log-in on a
 * remembered device — or one older than STAFF_SESSION_MAX_AGE_SECONDS (403
 * ERROR_REAUTHENTICATION_REQUIRED, until the step-up), and each role below the route's permission (403
 * ERROR_STAFF_ROLE_INSUFFICIENT); grants, changes and revocations answer and are audited with actor,
 * target and change, never in the player's own activity; an admin keeps their own role; the calls are
 * limited per IP, refused ones included; bad input is a §8 400 (never a 500); the lists' cursors walk every row once; erasing a player cuts them out of the
 * staff tables; the export holds the player's role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, permissionsOf, type Endpoint, type StaffRole } from '@guildgate/contracts';
import { loadConfig } from '../../config/config.ts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { ageProof, createPlayer, expectErrors, sessionOf, type Player } from '../../test/helpers.ts';
import { erasePlayer } from '../deletion/index.ts';
import { playerDataExporter, setStaffRole } from './index.ts';
import { platformRoutes } from './platform-test-support.ts';
import {
  call,
  fullLogIn,
  secondStepLogIn,
  staffMember,
  SUPPORT_ACTION_ROUTES,
  tokenOf,
  type FactorPlayer,
  consoleCast,
} from './test-support.ts';

interface AuditEventBody {
  Id: string;
  Type: string;
  At: string;
  Ip: string | null;
  Actor: { Kind: string; Id_User: string | null; Username: string | null };
  Target: { Id_User: string | null; Username: string | null } | null;
  Changes: { Field: string; From: string | null; To: string | null }[];
}
interface AuditPage {
  Events: AuditEventBody[];
  NextCursor: string | null;
}
interface StaffBody {
  Id_User: string;
  Username: string;
  Role: string;
  GrantedBy: { Kind: string; Id_User: string | null; Username: string | null };
  GrantedAt: string;
}
interface StaffPage {
  Staff: StaffBody[];
  NextCursor: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Every admin route, with the permission it needs (null: any staff role) and a body when it takes one. */
const adminRoutes = (target: string) =>
  [
    { method: 'GET', url: 'admin/me', permission: null },
    { method: 'GET', url: 'admin/staff', permission: 'staff.manage' },
    { method: 'PUT', url: `admin/staff/${target}`, permission: 'staff.manage', payload: { Role: 'viewer' } },
    { method: 'DELETE', url: `admin/staff/${target}`, permission: 'staff.manage' },
    { method: 'GET', url: 'admin/audit', permission: 'audit.read' },
    { method: 'GET', url: 'admin/dashboard', permission: 'reports.read' },
    { method: 'GET', url: 'admin/deletion-reasons', permission: 'reports.read' },
    { method: 'GET', url: 'admin/survey/export', permission: 'players.export' },
    { method: 'GET', url: 'admin/players?q=a', permission: 'players.read' },
    { method: 'GET', url: `admin/players/${target}`, permission: 'players.read' },
    { method: 'POST', url: `admin/players/${target}/lift-lock`, permission: 'players.support', payload: {} },
  ] as const satisfies readonly {
    method: Method;
    url: string;
    permission: string | null;
    payload?: unknown;
  }[];

describe('STAFF_SESSION_MAX_AGE_SECONDS', () => {
  it('is 12 hours by default, and configurable', () => {
    expect(loadConfig({}).staffSessionMaxAgeSeconds).toBe(43_200);
    expect(loadConfig({ STAFF_SESSION_MAX_AGE_SECONDS: '3600' }).staffSessionMaxAgeSeconds).toBe(3600);
    expect(() => loadConfig({ STAFF_SESSION_MAX_AGE_SECONDS: '10' })).toThrow();
  });
});

describe.each(STORES)('the operator console on %s', (kind) => {
  let t: TestApp;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  /** A player without a role. */
  let player: Player;
  let playerToken: string;
  const name = (base: string) => `${base}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, support, viewer, player, playerToken } = await consoleCast(t, '', name('')));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = <T>(url: string, token: string) =>
    call(t, 'GET', url, token).then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return json<T>(res);
    });

  it('tests every admin route of the endpoint table', () => {
    const table = (Object.values(ENDPOINTS) as Endpoint[])
      .filter((endpoint) => endpoint.path.startsWith('admin/'))
      // The support actions (support.test.ts) and the platform settings (settings.test.ts, issue 24
      // §3) are tested route by route in their own files.
      .filter(
        (endpoint) =>
          !/^admin\/(access-keys|ip-bans|newsletter-lists|cookie-categories)(\/|$)/.test(endpoint.path),
      )
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .filter((route) => !SUPPORT_ACTION_ROUTES.has(route));
    const tested = [...adminRoutes('{idUser}'), ...platformRoutes()].map(
      (route) => `${route.method} ${route.url.split('?')[0]}`,
    );
    expect(tested.sort()).toEqual(table.sort());
    for (const endpoint of Object.values(ENDPOINTS) as Endpoint[])
      if (endpoint.path.startsWith('admin/')) {
        expect(endpoint.auth, endpoint.name).toBe('staff');
        expect(endpoint.rateLimited, endpoint.name).toBe(true);
      }
  });

  it('answers 401 without the api key or a bearer, and 403 ERROR_STAFF_ROLE_REQUIRED to a player', async () => {
    for (const route of adminRoutes(player.idUser)) {
      const request = {
        method: route.method,
        url: `/api/${route.url}`,
        ...('payload' in route ? { payload: route.payload } : {}),
      };
      const label = `${route.method} ${route.url}`;
      const noKey = await t.app.inject({ ...request, headers: { authorization: `Bearer ${playerToken}` } });
      expect(noKey.statusCode, label).toBe(401);
      expectErrors(noKey, 401, [['', 'ERROR_API_KEY_INVALID']]);
      expectErrors(
        await t.app.inject({ ...request, headers: { 'x-api-key': ANONYMOUS['x-api-key'] } }),
        401,
        [['', 'ERROR_UNAUTHORIZED']],
      );
      // The anonymous bearer is no player.
      expectErrors(await t.app.inject({ ...request, headers: ANONYMOUS }), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      const refused = await t.app.inject({ ...request, headers: asUser(playerToken) });
      expectErrors(refused, 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
      expect(refused.headers['cache-control'], label).toBe('no-store');
    }
    expect(
      await t.ctx.db.selectFrom('staff_roles').select('user_id').where('user_id', '=', player.id).execute(),
    ).toEqual([]);
  });

  it('limits the calls per IP, refused ones included', async () => {
    const limited = await startTestApp(kind, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const someone = await createPlayer(limited, name('Limited'));
      const token = (await sessionOf(limited, someone)).token.Value;
      for (const route of adminRoutes(someone.idUser)) {
        const send = () =>
          call(limited, route.method, route.url, token, 'payload' in route ? route.payload : undefined);
        for (let i = 0; i < 3; i++) expectErrors(await send(), 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
        const refused = await send();
        expectErrors(refused, 429, [['', 'ERROR_RATE_LIMITED']]);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await limited.close();
    }
  });

  it('lets each role call what its permissions allow, and refuses the rest with ERROR_STAFF_ROLE_INSUFFICIENT', async () => {
    const members: [StaffRole, FactorPlayer][] = [
      ['admin', admin],
      ['support', support],
      ['viewer', viewer],
    ];
    for (const [role, member] of members) {
      const allowed = new Set<string>(permissionsOf(role));
      for (const route of adminRoutes(player.idUser)) {
        const res = await call(
          t,
          route.method,
          route.url,
          member.token,
          'payload' in route ? route.payload : undefined,
        );
        const label = `${role}: ${route.method} ${route.url}`;
        expect(res.headers['cache-control'], label).toBe('no-store');
        if (route.permission === null || allowed.has(route.permission))
          expect(res.statusCode, `${label}: ${res.body}`).toBe(route.method === 'PUT' ? 201 : 200);
        else expectErrors(res, 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
      }
    }
    // Only the admin's grant and revocation were written.
    const events = await t.ctx.db
      .selectFrom('staff_audit_events')
      .select(['type', 'actor_user_id'])
      .where('target_user_id', '=', player.id)
      .where('type', 'like', 'staff.role_%')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { type: 'staff.role_granted', actor_user_id: admin.id },
      { type: 'staff.role_revoked', actor_user_id: admin.id },
    ]);
  });

  it('tells the caller their role, its permissions and until when they are let in', async () => {
    for (const [role, member] of [
      ['admin', admin],
      ['support', support],
      ['viewer', viewer],
    ] as const) {
      const me = await get<{
        Id_User: string;
        Username: string;
        Role: string;
        Permissions: string[];
        AuthenticatedUntil: string;
      }>('admin/me', member.token);
      expect(me).toMatchObject({ Id_User: member.idUser, Username: member.username, Role: role });
      expect(me.Permissions).toEqual(permissionsOf(role));
      const left = Date.parse(me.AuthenticatedUntil) - Date.now();
      expect(left).toBeGreaterThan(11 * 3600 * 1000);
      expect(left).toBeLessThanOrEqual(12 * 3600 * 1000);
    }
    expect(permissionsOf('viewer')).toEqual(['players.read', 'audit.read', 'reports.read', 'platform.read']);
    expect(permissionsOf('support')).toContain('players.support');
    expect(permissionsOf('support')).not.toContain('platform.manage');
    expect(permissionsOf('admin')).toContain('staff.manage');
  });

  it('refuses staff without a second factor with ERROR_STAFF_SECOND_FACTOR_REQUIRED', async () => {
    const bare = await createPlayer(t, name('Bare'));
    await setStaffRole(t.ctx, { kind: 'operator' }, bare.id, 'admin', null);
    // A password log-in is a recent authentication for a player without a factor, and still not enough.
    const { token } = await sessionOf(t, bare);
    for (const route of adminRoutes(player.idUser))
      expectErrors(
        await call(t, route.method, route.url, token.Value, 'payload' in route ? route.payload : undefined),
        403,
        [['', 'ERROR_STAFF_SECOND_FACTOR_REQUIRED']],
      );
  });

  it('refuses a session that is no full authentication, until the step-up with the second factor', async () => {
    const member = await staffMember(t, name('Stepper'), 'viewer');
    // Remembered device: the next log-in skips the second step and proves nothing.
    const first = await secondStepLogIn(t, member, true);
    expect(first.cookie).toBeDefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: member.username, Password: member.password },
      cookies: first.cookie ? { [first.cookie.name]: first.cookie.value } : {},
    });
    const identity = json<{ Created: string }>(login).Created;
    expect(identity).not.toBe('');
    const token = await tokenOf(t, identity);
    for (const route of adminRoutes(player.idUser))
      expectErrors(
        await call(t, route.method, route.url, token, 'payload' in route ? route.payload : undefined),
        403,
        [['', 'ERROR_REAUTHENTICATION_REQUIRED']],
      );
    // The step-up the SPA's re-authentication dialog runs: the password, then the second factor.
    const validate = await call(t, 'POST', `password/validate/user/${member.idUser}`, token, {
      Password: member.password,
    });
    const ticket = json<{ SecondFactorTicket?: string }>(validate).SecondFactorTicket;
    expect(ticket, validate.body).toBeTruthy();
    expectErrors(await call(t, 'GET', 'admin/me', token), 403, [['', 'ERROR_REAUTHENTICATION_REQUIRED']]);
    const proof = await call(t, 'POST', 'account/reauthentication/second-factor', token, {
      Ticket: ticket,
      RecoveryCode: member.recoveryCodes.shift(),
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect((await call(t, 'GET', 'admin/me', token)).statusCode).toBe(200);
  });

  it('refuses a full authentication older than STAFF_SESSION_MAX_AGE_SECONDS', async () => {
    const member = await staffMember(t, name('Aged'), 'viewer');
    await ageProof(t, member.token, 11 * 3600);
    expect((await call(t, 'GET', 'admin/me', member.token)).statusCode).toBe(200);
    await ageProof(t, member.token, 12 * 3600 + 60);
    for (const route of adminRoutes(player.idUser))
      expectErrors(
        await call(t, route.method, route.url, member.token, 'payload' in route ? route.payload : undefined),
        403,
        [['', 'ERROR_REAUTHENTICATION_REQUIRED']],
      );
    // A new log-in through the second step lets them in again.
    expect((await call(t, 'GET', 'admin/me', await fullLogIn(t, member))).statusCode).toBe(200);
  });

  it('grants, changes and revokes a role, each audited with actor, target and change', async () => {
    const target = await createPlayer(t, name('Target'));
    const put = (role: string) => call(t, 'PUT', `admin/staff/${target.idUser}`, admin.token, { Role: role });

    const granted = await put('support');
    expect(granted.statusCode, granted.body).toBe(201);
    expect(json<StaffBody>(granted)).toMatchObject({
      Id_User: target.idUser,
      Username: target.username,
      Role: 'support',
      GrantedBy: { Kind: 'staff', Id_User: admin.idUser, Username: admin.username },
    });
    const again = await put('support');
    expect(again.statusCode).toBe(200);
    const changed = await put('viewer');
    expect(changed.statusCode).toBe(200);
    expect(json<StaffBody>(changed).Role).toBe('viewer');
    const revoked = await call(t, 'DELETE', `admin/staff/${target.idUser}`, admin.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(json(revoked)).toEqual({ Success: true });
    expectErrors(await call(t, 'DELETE', `admin/staff/${target.idUser}`, admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);

    // Three events (the unchanged PUT wrote none), newest first, naming who, whom and what.
    const page = await get<AuditPage>(`admin/audit?target=${target.idUser}`, viewer.token);
    expect(page.NextCursor).toBeNull();
    const actor = { Kind: 'staff', Id_User: admin.idUser, Username: admin.username };
    const whom = { Id_User: target.idUser, Username: target.username };
    expect(page.Events.map(({ Type, Actor, Target, Changes }) => ({ Type, Actor, Target, Changes }))).toEqual(
      [
        {
          Type: 'staff.role_revoked',
          Actor: actor,
          Target: whom,
          Changes: [{ Field: 'role', From: 'viewer', To: null }],
        },
        {
          Type: 'staff.role_changed',
          Actor: actor,
          Target: whom,
          Changes: [{ Field: 'role', From: 'support', To: 'viewer' }],
        },
        {
          Type: 'staff.role_granted',
          Actor: actor,
          Target: whom,
          Changes: [{ Field: 'role', From: null, To: 'support' }],
        },
      ],
    );
    expect(page.Events.every((event) => event.Ip !== null)).toBe(true);

    // Not in the player's own Recent activity, nor in the admin's.
    for (const token of [(await sessionOf(t, target)).token.Value, admin.token]) {
      const activity = await get<{ Events: { Type: string }[] }>('account/activity?limit=50', token);
      expect(activity.Events.filter((event) => event.Type.startsWith('staff.'))).toEqual([]);
    }
  });

  it('keeps the admin who acts: an admin cannot lower or revoke their own role', async () => {
    for (const role of ['support', 'viewer'])
      expectErrors(await call(t, 'PUT', `admin/staff/${admin.idUser}`, admin.token, { Role: role }), 400, [
        ['', 'ERROR_STAFF_OWN_ADMIN_ROLE'],
      ]);
    expectErrors(await call(t, 'DELETE', `admin/staff/${admin.idUser}`, admin.token), 400, [
      ['', 'ERROR_STAFF_OWN_ADMIN_ROLE'],
    ]);
    const same = await call(t, 'PUT', `admin/staff/${admin.idUser}`, admin.token, { Role: 'admin' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await get<{ Role: string }>('admin/me', admin.token)).Role).toBe('admin');

    // Another admin may demote them; once demoted, they change no role — even when the guard let the
    // call in just before (the rule is checked again inside the change's transaction).
    const other = await staffMember(t, name('Other'), 'admin');
    const demoted = await call(t, 'PUT', `admin/staff/${other.idUser}`, admin.token, { Role: 'support' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expectErrors(await call(t, 'DELETE', `admin/staff/${viewer.idUser}`, other.token), 403, [
      ['', 'ERROR_STAFF_ROLE_INSUFFICIENT'],
    ]);
    await expect(
      setStaffRole(
        t.ctx,
        { kind: 'staff', userId: other.id, idUser: other.idUser },
        viewer.id,
        'admin',
        '10.0.0.1',
      ),
    ).rejects.toMatchObject({
      statusCode: 403,
      items: [{ Property: '', ErrorMessage: 'ERROR_STAFF_ROLE_INSUFFICIENT' }],
    });
    expect((await get<{ Role: string }>('admin/me', viewer.token)).Role).toBe('viewer');
  });

  it('answers bad input with a §8 400, an unknown player with 404, never a 500', async () => {
    const target = `admin/staff/${player.idUser}`;
    expectErrors(await call(t, 'PUT', target, admin.token, { Role: 'owner' }), 400, [
      ['Role', 'ERROR_FIELD_INVALID'],
    ]);
    expectErrors(await call(t, 'PUT', target, admin.token, { Role: 'ADMIN' }), 400, [
      ['Role', 'ERROR_FIELD_INVALID'],
    ]);
    expectErrors(await call(t, 'PUT', target, admin.token, { Role: 3 }), 400, [
      ['Role', 'ERROR_FIELD_INVALID'],
    ]);
    expect((await call(t, 'PUT', target, admin.token, {})).statusCode).toBe(400);
    expect((await call(t, 'PUT', target, admin.token, [])).statusCode).toBe(400);
    for (const bad of ['not-a-uuid', '1', "x' or 1=1 --"]) {
      expectErrors(
        await call(t, 'PUT', `admin/staff/${encodeURIComponent(bad)}`, admin.token, { Role: 'viewer' }),
        400,
        [['idUser', 'ERROR_FIELD_INVALID']],
      );
      expectErrors(await call(t, 'DELETE', `admin/staff/${encodeURIComponent(bad)}`, admin.token), 400, [
        ['idUser', 'ERROR_FIELD_INVALID'],
      ]);
    }
    const nobody = '00000000-0000-4000-8000-000000000000';
    expectErrors(await call(t, 'PUT', `admin/staff/${nobody}`, admin.token, { Role: 'viewer' }), 404, [
      ['', 'ERROR_USER_UNKNOWN'],
    ]);
    expectErrors(await call(t, 'DELETE', `admin/staff/${nobody}`, admin.token), 404, [
      ['', 'ERROR_USER_UNKNOWN'],
    ]);
    for (const list of ['admin/staff', 'admin/audit']) {
      for (const cursor of [
        'nope',
        Buffer.from('yesterday|1').toString('base64url'),
        Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url'),
      ])
        expectErrors(await call(t, 'GET', `${list}?cursor=${cursor}`, admin.token), 400, [
          ['cursor', 'ERROR_CURSOR_INVALID'],
        ]);
      for (const limit of ['0', '101', 'ten', '1.5'])
        expectErrors(await call(t, 'GET', `${list}?limit=${limit}`, admin.token), 400, [
          ['limit', 'ERROR_FIELD_INVALID'],
        ]);
      expectErrors(await call(t, 'GET', `${list}?cursor=${'a'.repeat(200)}`, admin.token), 400, [
        ['cursor', 'ERROR_FIELD_INVALID'],
      ]);
    }
    expectErrors(await call(t, 'GET', 'admin/audit?actor=someone', admin.token), 400, [
      ['actor', 'ERROR_FIELD_INVALID'],
    ]);
    expectErrors(await call(t, 'GET', 'admin/audit?target=operator', admin.token), 400, [
      ['target', 'ERROR_FIELD_INVALID'],
    ]);
    // A well-formed id no player has: nothing to show.
    expect(await get<AuditPage>(`admin/audit?target=${nobody}`, admin.token)).toEqual({
      Events: [],
      NextCursor: null,
    });
  });

  it('walks the staff list and the audit trail page by page, every row once, newest first', async () => {
    // More staff and events than a page: three more players granted, changed and revoked.
    const extras = await Promise.all([1, 2, 3].map((n) => createPlayer(t, name(`Extra${String(n)}`))));
    for (const extra of extras) {
      await setStaffRole(t.ctx, { kind: 'operator' }, extra.id, 'viewer', null);
      expect(
        (await call(t, 'PUT', `admin/staff/${extra.idUser}`, admin.token, { Role: 'support' })).statusCode,
      ).toBe(200);
    }

    const staffRows = await t.ctx.db.selectFrom('staff_roles').select('user_id').execute();
    const seen: StaffBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: StaffPage = await get<StaffPage>(
        `admin/staff?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin.token,
      );
      expect(page.Staff.length).toBeLessThanOrEqual(2);
      seen.push(...page.Staff);
      cursor = page.NextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(seen).toHaveLength(staffRows.length);
    expect(new Set(seen.map((s) => s.Id_User)).size).toBe(staffRows.length);
    const grantedAt = seen.map((s) => s.GrantedAt);
    expect([...grantedAt].sort().reverse()).toEqual(grantedAt);
    expect(seen.find((s) => s.Id_User === extras[0].idUser)).toMatchObject({ Role: 'support' });
    expect(seen.find((s) => s.Id_User === viewer.idUser)?.GrantedBy).toEqual({
      Kind: 'operator',
      Id_User: null,
      Username: null,
    });

    const stored = await t.ctx.db.selectFrom('staff_audit_events').select('id').execute();
    const events: AuditEventBody[] = [];
    cursor = null;
    do {
      const page: AuditPage = await get<AuditPage>(
        `admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        support.token,
      );
      expect(page.Events.length).toBeLessThanOrEqual(3);
      events.push(...page.Events);
      cursor = page.NextCursor;
    } while (cursor);
    expect(events.length).toBeGreaterThan(6);
    expect(events).toHaveLength(stored.length);
    expect(new Set(events.map((e) => e.Id)).size).toBe(stored.length);
    const order = events.map((e) => [e.At, Number(e.Id)] as const);
    const sorted = [...order].sort(([a, x], [b, y]) => (a === b ? y - x : a < b ? 1 : -1));
    expect(order).toEqual(sorted);

    // Filters: one staff member's actions, the operator's, one player's.
    const byAdmin = await get<AuditPage>(`admin/audit?limit=100&actor=${admin.idUser}`, viewer.token);
    expect(byAdmin.Events.length).toBeGreaterThan(3);
    expect(byAdmin.Events.every((e) => e.Actor.Id_User === admin.idUser)).toBe(true);
    const byOperator = await get<AuditPage>('admin/audit?limit=100&actor=operator', viewer.token);
    expect(byOperator.Events.length).toBeGreaterThan(3);
    expect(byOperator.Events.every((e) => e.Actor.Kind === 'operator' && e.Ip === null)).toBe(true);
    const aboutExtra = await get<AuditPage>(`admin/audit?target=${extras[1].idUser}`, viewer.token);
    expect(aboutExtra.Events.map((e) => [e.Type, e.Actor.Kind])).toEqual([
      ['staff.role_changed', 'staff'],
      ['staff.role_granted', 'operator'],
    ]);
    const both = await get<AuditPage>(`admin/audit?actor=operator&target=${extras[1].idUser}`, viewer.token);
    expect(both.Events.map((e) => e.Type)).toEqual(['staff.role_granted']);
  });

  it('exports the player’s role, and erasing a player cuts them out of the staff tables', async () => {
    const granter = await createPlayer(t, name('Granter'));
    const granted = await createPlayer(t, name('Granted'));
    await setStaffRole(t.ctx, { kind: 'operator' }, granter.id, 'admin', null);
    await setStaffRole(
      t.ctx,
      { kind: 'staff', userId: granter.id, idUser: granter.idUser },
      granted.id,
      'support',
      '10.0.0.2',
    );
    expect(
      await playerDataExporter.exportPlayerData(t.ctx.db, { id: granted.id, idUser: granted.idUser }),
    ).toEqual({
      staffRole: { role: 'support', grantedAt: expect.any(String) },
    });
    expect(
      await playerDataExporter.exportPlayerData(t.ctx.db, { id: player.id, idUser: player.idUser }),
    ).toEqual({
      staffRole: null,
    });

    await t.ctx.db
      .transaction()
      .execute((trx) => erasePlayer(trx, { id: granter.id, idUser: granter.idUser }));
    const staffTables = JSON.stringify([
      await t.ctx.db.selectFrom('staff_roles').selectAll().execute(),
      await t.ctx.db.selectFrom('staff_audit_events').selectAll().execute(),
    ]);
    expect(staffTables).not.toContain(granter.idUser);
    const list = await get<StaffPage>('admin/staff?limit=100', admin.token);
    expect(list.Staff.some((s) => s.Id_User === granter.idUser)).toBe(false);
    expect(list.Staff.find((s) => s.Id_User === granted.idUser)?.GrantedBy).toEqual({
      Kind: 'staff',
      Id_User: null,
      Username: null,
    });
    const trail = await get<AuditPage>(`admin/audit?target=${granted.idUser}`, admin.token);
    expect(trail.Events.map((e) => [e.Type, e.Actor])).toEqual([
      ['staff.role_granted', { Kind: 'staff', Id_User: null, Username: null }],
    ]);

    // The player concerned erased: their events stay, naming no one.
    await t.ctx.db
      .transaction()
      .execute((trx) => erasePlayer(trx, { id: granted.id, idUser: granted.idUser }));
    const rows = await t.ctx.db
      .selectFrom('staff_audit_events')
      .selectAll()
      .where('ip', '=', '10.0.0.2')
      .execute();
    expect(rows.map((r) => [r.type, r.actor_user_id, r.target_user_id])).toEqual([
      ['staff.role_granted', null, null],
    ]);
    expect(
      await t.ctx.db.selectFrom('staff_roles').selectAll().where('user_id', '=', granted.id).execute(),
    ).toEqual([]);
  });
});
