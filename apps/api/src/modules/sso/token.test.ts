/**
 * POST oauth/token, the hub's token endpoint (RFC 6749 §2.3.1, §4.1.3, §5.2; RFC 7636 §4.5–§4.6), on
 * every store: client authentication (HTTP Basic or client_secret_post, never both), the grant checks
 * (another client's code, another redirect URI, expired or unknown code, banned player), PKCE, form and
 * JSON bodies, and refusals in the RFC 6749 §5.2 and spec §8 shapes together — never a 5xx, whatever
 * naughty string a field holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OAuthTokenErrorBodySchema, isErrorCode } from '@guildgate/contracts';
import { STORES, json } from '../../test/harness.ts';
import { EXTRA, NAUGHTY, collectProblems, inBatches, label } from '../../test/bad-input-support.ts';
import { sha256 } from '../../lib/crypto.ts';
import { TOKEN_BODY_LIMIT_BYTES } from './routes.ts';
import {
  CLIENT,
  OTHER,
  REDIRECT_WITH_QUERY,
  basic,
  grant,
  newCode,
  pkcePair,
  postToken,
  startHub,
  type Hub,
} from './test-support.ts';

/** Asserts a refusal: status, RFC 6749 `error`, and the §8 item. */
function expectRefusal(
  res: LightMyRequestResponse,
  status: number,
  error: string,
  item: { Property: string; ErrorMessage: string },
): void {
  expect({ status: res.statusCode, cache: res.headers['cache-control'] }, res.body).toEqual({
    status,
    cache: 'no-store',
  });
  const body = OAuthTokenErrorBodySchema.parse(json(res));
  expect(body.error, res.body).toBe(error);
  expect(body.ErrorMessages, res.body).toContainEqual(item);
}

const GRANT_INVALID = { Property: '', ErrorMessage: 'ERROR_OAUTH_GRANT_INVALID' };
const UNAUTHORIZED = { Property: '', ErrorMessage: 'ERROR_UNAUTHORIZED' };

describe.each(STORES)('POST oauth/token on %s', (kind) => {
  let hub: Hub;

  beforeAll(async () => {
    hub = await startHub(kind, 'TokenPlayer1');
  });
  afterAll(async () => {
    await hub.t.close();
  });

  it("refuses another client's code, another redirect_uri, an expired or unknown code", async () => {
    expectRefusal(
      await postToken(hub, grant(await newCode(hub)), basic(OTHER, hub.otherSecret)),
      400,
      'invalid_grant',
      GRANT_INVALID,
    );
    for (const redirect_uri of [REDIRECT_WITH_QUERY, 'https://partner.example/callback/', 'x']) {
      const res = await postToken(hub, grant(await newCode(hub), { redirect_uri }));
      expectRefusal(res, 400, 'invalid_grant', GRANT_INVALID);
    }
    const expired = await newCode(hub);
    await hub.t.ctx.db
      .updateTable('oidc_payloads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('model', '=', 'AuthorizationCode')
      .where('id_hash', '=', sha256(expired))
      .execute();
    expectRefusal(await postToken(hub, grant(expired)), 400, 'invalid_grant', GRANT_INVALID);
    for (const code of ['never-issued', 'a'.repeat(43), sha256(await newCode(hub))]) {
      expectRefusal(await postToken(hub, grant(code)), 400, 'invalid_grant', GRANT_INVALID);
    }
  });

  it('refuses the code of a player banned since it was issued', async () => {
    const code = await newCode(hub);
    await hub.t.ctx.db
      .updateTable('users')
      .set({ banned_at: new Date().toISOString() })
      .where('id', '=', hub.player.id)
      .execute();
    try {
      expectRefusal(await postToken(hub, grant(code)), 400, 'invalid_grant', GRANT_INVALID);
    } finally {
      await hub.t.ctx.db
        .updateTable('users')
        .set({ banned_at: null })
        .where('id', '=', hub.player.id)
        .execute();
    }
  });

  it('refuses other grant types and missing or contradictory parameters with the parameter named', async () => {
    const code = await newCode(hub);
    const invalid = (Property: string) => ({ Property, ErrorMessage: 'ERROR_OAUTH_REQUEST_INVALID' });
    for (const grant_type of ['password', 'client_credentials', 'refresh_token', 'AUTHORIZATION_CODE']) {
      expectRefusal(
        await postToken(hub, grant(code, { grant_type })),
        400,
        'unsupported_grant_type',
        invalid('grant_type'),
      );
    }
    const { grant_type: _g, ...noGrantType } = grant(code);
    expectRefusal(await postToken(hub, noGrantType), 400, 'invalid_request', invalid('grant_type'));
    const { code: _c, ...noCode } = grant(code);
    expectRefusal(await postToken(hub, noCode), 400, 'invalid_request', invalid('code'));
    const { redirect_uri: _r, ...noRedirect } = grant(code);
    expectRefusal(await postToken(hub, noRedirect), 400, 'invalid_request', invalid('redirect_uri'));
    expectRefusal(
      await postToken(hub, grant(code, { client_id: OTHER })),
      400,
      'invalid_request',
      invalid('client_id'),
    );
    // None of these used the code up.
    expect((await postToken(hub, grant(code, { client_id: CLIENT }))).statusCode).toBe(200);
  });

  it('authenticates the client with HTTP Basic or client_secret_post, never both, never without a secret', async () => {
    const wrong = [
      basic(CLIENT, 'wrong-secret'),
      basic(CLIENT, `${hub.secret}x`),
      basic('nobody', hub.secret),
      basic(OTHER, hub.secret),
      basic(hub.t.config.portalClientId, 'anything'),
      `Bearer ${hub.bearer}`,
      'Basic !!!',
      'Basic',
      '',
    ];
    for (const authorization of wrong) {
      const res = await postToken(hub, grant(await newCode(hub)), authorization);
      expectRefusal(res, 401, 'invalid_client', UNAUTHORIZED);
      expect(res.headers['www-authenticate'], authorization).toMatch(/^Basic realm="[^"]+"/);
    }
    const post = (extra: Record<string, string>) => postToken(hub, grant('unused', extra), '');
    const credentialSets: Array<Record<string, string>> = [
      { client_id: CLIENT, client_secret: 'wrong' },
      { client_secret: hub.secret },
      { client_id: CLIENT, client_secret: '' },
      { client_id: hub.t.config.portalClientId, client_secret: 'anything' },
    ];
    for (const credentials of credentialSets) {
      expectRefusal(await post(credentials), 401, 'invalid_client', UNAUTHORIZED);
    }
    const both = await postToken(
      hub,
      grant(await newCode(hub), { client_id: CLIENT, client_secret: hub.secret }),
      basic(CLIENT, hub.secret),
    );
    expectRefusal(both, 400, 'invalid_request', {
      Property: 'client_secret',
      ErrorMessage: 'ERROR_OAUTH_REQUEST_INVALID',
    });
    const viaPost = await post({ code: await newCode(hub), client_id: CLIENT, client_secret: hub.secret });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
  });

  it('takes a JSON body as well as a form', async () => {
    const res = await hub.t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { authorization: basic(CLIENT, hub.secret), 'content-type': 'application/json' },
      payload: grant(await newCode(hub)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ Id_User: string }>(res).Id_User).toBe(hub.player.idUser);
  });

  it('checks the PKCE verifier: a wrong or missing one is invalid_grant, a malformed one invalid_request', async () => {
    const { verifier, challenge } = pkcePair('token-suite');
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const refused: Array<Record<string, string>> = [
      {},
      { code_verifier: `${verifier}x` },
      { code_verifier: '' },
    ];
    for (const extra of refused) {
      const res = await postToken(hub, grant(await newCode(hub, pkce), extra));
      expectRefusal(res, 400, 'invalid_grant', GRANT_INVALID);
    }
    // A verifier outside RFC 7636 §4.1 (43 to 128 characters) is a malformed request.
    for (const code_verifier of [verifier.slice(0, 42), 'short-verifier']) {
      const res = await postToken(hub, grant(await newCode(hub, pkce), { code_verifier }));
      expectRefusal(res, 400, 'invalid_request', {
        Property: 'code_verifier',
        ErrorMessage: 'ERROR_OAUTH_REQUEST_INVALID',
      });
    }
    const right = await postToken(hub, grant(await newCode(hub, pkce), { code_verifier: verifier }));
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses malformed requests with invalid_request in both shapes, and a body over 16 KiB with 413', async () => {
    const send = (contentType: string, payload: string) =>
      hub.t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { authorization: basic(CLIENT, hub.secret), 'content-type': contentType },
        payload,
      });
    const form = 'application/x-www-form-urlencoded';
    const code = await newCode(hub);
    const cases: Array<[string, string, string]> = [
      [form, `grant_type=authorization_code&code=${code}&code=${code}&redirect_uri=x`, 'code'],
      [form, `grant_type=authorization_code&code=${'c'.repeat(3000)}&redirect_uri=x`, 'code'],
      [form, 'grant_type=authorization_code&code=a%00b&redirect_uri=x', 'code'],
      ['application/json', '{"grant_type":"authorization_code","code":42,"redirect_uri":"x"}', 'code'],
      ['application/json', '[]', ''],
      ['application/json', '{broken', ''],
      ['text/plain', 'grant_type=authorization_code', ''],
    ];
    for (const [contentType, payload, property] of cases) {
      const res = await send(contentType, payload);
      const context = `${contentType} ${payload.slice(0, 60)}`;
      expect(res.statusCode, context).toBe(400);
      const body = OAuthTokenErrorBodySchema.parse(json(res));
      expect(body.error, context).toBe('invalid_request');
      expect(body.ErrorMessages[0]?.Property, context).toBe(property);
      expect(isErrorCode(body.ErrorMessages[0]?.ErrorMessage), context).toBe(true);
    }
    const big = await send(
      form,
      `grant_type=authorization_code&padding=${'p'.repeat(TOKEN_BODY_LIMIT_BYTES)}`,
    );
    expect(big.statusCode).toBe(413);
    expect(json(big)).toMatchObject({ error: 'invalid_request' });
    const bigJson = await send(
      'application/json',
      JSON.stringify({ padding: 'p'.repeat(TOKEN_BODY_LIMIT_BYTES) }),
    );
    expect(bigJson.statusCode).toBe(413);
    // The code of the first case was never exchanged by any of them.
    expect((await postToken(hub, grant(code))).statusCode).toBe(200);
  });

  it('answers every naughty string in every field with a 4xx in both shapes, never a 5xx', async () => {
    const corpus =
      kind === 'sqlite' ? NAUGHTY : [...new Set([...NAUGHTY.filter((_, i) => i % 3 === 0), ...EXTRA])];
    const { problems, send, expectNoProblems } = collectProblems(() => hub.t);
    const fields = ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'client_id'];
    const valid = grant('not-a-code', { code_verifier: 'v'.repeat(43) });
    const requests = corpus.flatMap((line) => fields.map((field) => ({ field, line })));
    await inBatches(requests, 8, async ({ field, line }) => {
      const context = `${field}=${label(line)}`;
      const res = await send(
        {
          method: 'POST',
          url: '/api/oauth/token',
          headers: {
            authorization: basic(CLIENT, hub.secret),
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ ...valid, [field]: line }).toString(),
        },
        context,
      );
      if (res.statusCode < 400) problems.push(`accepted: ${context}`);
      else if (!OAuthTokenErrorBodySchema.safeParse(json(res)).success)
        problems.push(`no RFC 6749 error: ${context}`);
    });
    expectNoProblems();
  });
});
