/**
 * The Steam stand-in's OpenID 2.0 provider end to end (DESIGN.md §1 Steam): real HTTP against a Fastify
 * server holding only the Steam party, the approve form driven like a browser does, and the `openid`
 * relying-party library (what the portal's API uses) signing in through it.
 */
import openid from 'openid';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NONCE_MAX_AGE_MS, SIGNED_FIELDS } from './index.ts';
import {
  checkAuthentication,
  checkIdFields,
  hiddenInputs,
  signIn,
  useSteamTestServer,
  submitApproveForm,
} from './testing.ts';

const RETURN_TO = 'http://portal.example.test:8080/api/steam/return?state=a%20b&x=1';
const REALM = 'http://portal.example.test:8080/';
const GABE = '76561197960287930';

const server = useSteamTestServer();
let base: string;
beforeAll(() => {
  base = server.base();
});

afterEach(() => {
  vi.useRealTimers();
});

function loginUrl(fields: Record<string, string>): string {
  return `${base}/steam/openid/login?${new URLSearchParams(fields)}`;
}

/** Signs in as `steamid` for RETURN_TO; @returns the assertion's query parameters. */
async function assertion(steamid = GABE): Promise<URLSearchParams> {
  const location = await signIn(base, loginUrl(checkIdFields(RETURN_TO, REALM)), { steamid });
  expect(location.startsWith(`${RETURN_TO}&openid.ns=`)).toBe(true);
  return new URL(location).searchParams;
}

describe('discovery', () => {
  it('serves the XRDS of the OP Identifier and of each claimed identifier', async () => {
    for (const path of ['/steam/openid', '/steam/openid/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xrds+xml;charset=utf-8');
      const xml = await response.text();
      expect(xml).toContain('<xrds:XRDS xmlns:xrds="xri://$xrds" xmlns="xri://$xrd*($v*2.0)"');
      expect(xml).toMatch(
        new RegExp(
          `<Service priority="0">\\s*<Type>http://specs.openid.net/auth/2.0/server</Type>\\s*<URI>${base}/steam/openid/login</URI>`,
        ),
      );
    }
    const claimed = await fetch(`${base}/steam/openid/id/${GABE}`);
    expect(claimed.headers.get('content-type')).toBe('application/xrds+xml;charset=utf-8');
    const xml = await claimed.text();
    expect(xml).toContain('<Type>http://specs.openid.net/auth/2.0/signon</Type>');
    expect(xml).toContain(`<URI>${base}/steam/openid/login</URI>`);
  });

  it('answers 404 for a claimed identifier that is not a Steam ID', async () => {
    for (const id of ['abc', '7656119796028793', '765611979602879300', '12345678901234567']) {
      expect((await fetch(`${base}/steam/openid/id/${id}`)).status, id).toBe(404);
    }
  });
});

describe('approve page', () => {
  it('names the realm, lists the demo accounts and carries the request in hidden fields', async () => {
    const fields = checkIdFields(RETURN_TO, REALM);
    const response = await fetch(loginUrl(fields));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://portal.example.test:8080;",
    );
    const page = await response.text();
    expect(page).toContain('<strong>http://portal.example.test:8080/</strong> asks you to sign in');
    for (const [id, name] of [
      [GABE, 'Gabe Sandbox'],
      ['76561198000000001', 'Ada Sandbox'],
      ['76561198000000002', 'Linus Sandbox'],
    ]) {
      expect(page).toMatch(
        new RegExp(`<label for="account-${id}"\\s*>${name} <span class="muted">\\(${id}\\)`),
      );
    }
    expect(page).toContain('<label for="custom-steamid">Steam ID (17 digits, starting 7656119)</label>');
    expect(page).toContain('<label for="persona-name">Persona name</label>');
    expect(page).toMatch(/<form method="post" action="\/steam\/openid\/approve">/);
    expect(Object.fromEntries(hiddenInputs(page))).toEqual(fields);
  });

  it('refuses bad requests with a 400 page', async () => {
    const good = checkIdFields(RETURN_TO, REALM);
    const { 'openid.realm': _realm, ...noRealm } = good;
    const { 'openid.ns': _ns, ...noNs } = good;
    const bad: Array<Record<string, string>> = [
      noNs,
      noRealm,
      {},
      { ...good, 'openid.ns': 'http://openid.net/signon/1.1' },
      { ...good, 'openid.mode': 'id_res' },
      { ...good, 'openid.mode': 'check_authentication' },
      { ...good, 'openid.return_to': '/api/steam/return' },
      { ...good, 'openid.return_to': 'javascript:alert(1)//portal.example.test:8080/' },
      { ...good, 'openid.return_to': 'http://user@portal.example.test:8080/cb' },
      { ...good, 'openid.return_to': 'http://portal.example.test:8080/cb#x' },
      { ...good, 'openid.return_to': 'http://evil.test:8080/cb' },
      { ...good, 'openid.return_to': 'http://portal.example.test:8081/cb' },
      { ...good, 'openid.return_to': 'https://portal.example.test:8080/cb' },
      { ...good, 'openid.realm': 'http://portal.example.test:8080/api/other' },
      { ...good, 'openid.realm': 'http://*.test:8080/' },
      { ...good, 'openid.realm': 'ftp://portal.example.test:8080/' },
      { ...good, 'openid.claimed_id': `${base}/steam/openid/id/123` },
      { ...good, 'openid.claimed_id': `${base}/steam/openid/id/${GABE}` },
    ];
    for (const fields of bad) {
      const response = await fetch(loginUrl(fields));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('role="alert"');
    }
  });

  it('sends checkid_immediate back with setup_needed', async () => {
    const response = await fetch(
      loginUrl({ ...checkIdFields(RETURN_TO, REALM), 'openid.mode': 'checkid_immediate' }),
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${RETURN_TO}&openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=setup_needed`,
    );
  });
});

describe('assertions and check_authentication', () => {
  it('gives a signed assertion that check_authentication accepts once', async () => {
    const params = await assertion();
    expect(params.get('state')).toBe('a b');
    expect(params.get('x')).toBe('1');
    expect(params.get('openid.ns')).toBe('http://specs.openid.net/auth/2.0');
    expect(params.get('openid.mode')).toBe('id_res');
    expect(params.get('openid.op_endpoint')).toBe(`${base}/steam/openid/login`);
    expect(params.get('openid.claimed_id')).toBe(`${base}/steam/openid/id/${GABE}`);
    expect(params.get('openid.identity')).toBe(`${base}/steam/openid/id/${GABE}`);
    expect(params.get('openid.return_to')).toBe(RETURN_TO);
    expect(params.get('openid.response_nonce')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ[A-Za-z0-9_-]{16}$/);
    expect(params.get('openid.assoc_handle')).toBeTruthy();
    expect(params.get('openid.signed')).toBe(SIGNED_FIELDS.join(','));
    expect(params.get('openid.sig')).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    expect(await checkAuthentication(base, params)).toBe(
      'ns:http://specs.openid.net/auth/2.0\nis_valid:true\n',
    );
    expect(await checkAuthentication(base, params)).toBe(
      'ns:http://specs.openid.net/auth/2.0\nis_valid:false\n',
    );
  });

  it('refuses tampered or incomplete assertions without consuming the real one', async () => {
    const params = await assertion();
    const other = `${base}/steam/openid/id/76561198000000001`;
    const tampered: Array<(copy: URLSearchParams) => void> = [
      (copy) => {
        copy.set('openid.claimed_id', other);
        copy.set('openid.identity', other);
      },
      (copy) => copy.set('openid.return_to', 'http://evil.test/'),
      (copy) => copy.set('openid.sig', 'A'.repeat(43) + '='),
      (copy) => copy.delete('openid.sig'),
      (copy) => copy.delete('openid.return_to'),
      (copy) => copy.delete('openid.signed'),
      (copy) => copy.set('openid.signed', 'op_endpoint,claimed_id,identity,return_to,response_nonce'),
      (copy) => copy.set('openid.assoc_handle', 'someone-else'),
      (copy) => copy.set('openid.ns', 'http://openid.net/signon/1.1'),
    ];
    for (const change of tampered) {
      const copy = new URLSearchParams(params);
      change(copy);
      expect(await checkAuthentication(base, copy), String(change)).toContain('is_valid:false');
    }
    expect(await checkAuthentication(base, params)).toContain('is_valid:true');
  });

  it('refuses an assertion five minutes old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-01-01T12:00:00.000Z').getTime();
    vi.setSystemTime(start);
    const fresh = await assertion();
    const stale = await assertion();
    vi.setSystemTime(start + NONCE_MAX_AGE_MS - 1);
    expect(await checkAuthentication(base, fresh)).toContain('is_valid:true');
    vi.setSystemTime(start + NONCE_MAX_AGE_MS);
    expect(await checkAuthentication(base, stale)).toContain('is_valid:false');
  });

  it('sends the person back with mode=cancel on Cancel', async () => {
    const page = await (await fetch(loginUrl(checkIdFields(RETURN_TO, REALM)))).text();
    const answer = await submitApproveForm(base, hiddenInputs(page), { action: 'cancel' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `${RETURN_TO}&openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=cancel`,
    );
  });

  it('signs in as a typed Steam ID, refuses a malformed one, and rejects tampered hidden fields', async () => {
    const page = await (await fetch(loginUrl(checkIdFields(RETURN_TO, REALM)))).text();
    const hidden = hiddenInputs(page);
    const bad = await submitApproveForm(base, hidden, {
      action: 'approve',
      custom_steamid: '7656118000000000',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('The Steam ID must be 17 digits starting 7656119.');

    const evil = hidden.map(([k, v]): [string, string] => [
      k,
      k === 'openid.return_to' ? 'http://evil.test/' : v,
    ]);
    expect((await submitApproveForm(base, evil, { action: 'approve', steamid: GABE })).status).toBe(400);

    const good = await submitApproveForm(base, hidden, {
      action: 'approve',
      custom_steamid: ' 76561198123456789 ',
    });
    expect(good.status).toBe(303);
    expect(new URL(good.headers.get('location') ?? '').searchParams.get('openid.claimed_id')).toBe(
      `${base}/steam/openid/id/76561198123456789`,
    );
  });

  it('answers associate with unsupported-type and unknown modes with 400', async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${base}/steam/openid/login`, { method: 'POST', body: new URLSearchParams(fields) });
    const associate = await post({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'associate',
      'openid.assoc_type': 'HMAC-SHA256',
      'openid.session_type': 'no-encryption',
    });
    expect(associate.status).toBe(400);
    expect(await associate.text()).toMatch(
      /^ns:http:\/\/specs.openid.net\/auth\/2.0\nerror:.+\nerror_code:unsupported-type\n$/,
    );
    const unknown = await post({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'nonsense',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('error:');
  });
});

describe('the openid relying-party library', () => {
  it('signs in through the stand-in in stateless mode', async () => {
    const returnUrl = 'http://rp.example.test/auth/steam/return?state=xyz';
    const rp = new openid.RelyingParty(returnUrl, 'http://rp.example.test/', true, false, []);
    const authUrl = await new Promise<string>((resolve, reject) =>
      rp.authenticate(`${base}/steam/openid`, false, (error, url) =>
        error || !url ? reject(new Error(error?.message ?? 'no URL')) : resolve(url),
      ),
    );
    expect(authUrl.startsWith(`${base}/steam/openid/login?`)).toBe(true);
    const location = await signIn(base, authUrl, { steamid: '76561198000000002' });
    const result = await new Promise<{ authenticated: boolean; claimedIdentifier?: string | undefined }>(
      (resolve, reject) =>
        rp.verifyAssertion(location, (error, outcome) =>
          error || !outcome ? reject(new Error(error?.message ?? 'no result')) : resolve(outcome),
        ),
    );
    expect(result).toEqual({
      authenticated: true,
      claimedIdentifier: `${base}/steam/openid/id/76561198000000002`,
    });

    const replay = await new Promise<string | undefined>((resolve) =>
      rp.verifyAssertion(location, (error) => resolve(error?.message)),
    );
    expect(replay).toBeTruthy();
  });
});
