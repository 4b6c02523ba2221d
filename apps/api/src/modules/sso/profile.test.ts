/**
 * GET oauth/profile (docs/partner-api.md "The signed-in player's profile"; issue 19 "No dead ends": the
 * partner community site's profile and rewards pages): a partner client, authenticated with HTTP Basic,
 * reads the public profile and badges of the player an access token it was issued names — the Profiler
 * Badge once the player earned it through the survey (spec §2 Survey). Without or with wrong client
 * credentials: 401 with the Basic challenge; a missing, malformed or foreign token (another client's,
 * the portal's own), or one of an ended session: 400 ERROR_TOKEN_INVALID. Never the e-mail address.
 * Real app and store (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OAuthProfileResponseSchema } from '@guildgate/contracts';
import { STORES, json } from '../../test/harness.ts';
import { insertConnection } from '../../test/helpers.ts';
import { freshSteamId } from '../linking/test-support.ts';
import { postSurvey, submissionOf } from '../survey/test-support.ts';
import {
  CLIENT,
  OTHER,
  basic,
  firstCode,
  grant,
  newCode,
  postToken,
  startHub,
  tokensOf,
  type Hub,
} from './test-support.ts';

describe.each(STORES)('GET oauth/profile on %s', (kind) => {
  let hub: Hub;

  beforeAll(async () => {
    hub = await startHub(kind, 'ProfileReader1');
  });
  afterAll(async () => {
    await hub.t.close();
  });

  /** GET oauth/profile with `query`, as CLIENT in HTTP Basic unless `authorization` is given ('' for none). */
  const getProfile = (
    query: Record<string, string>,
    authorization: string = basic(CLIENT, hub.secret),
  ): Promise<LightMyRequestResponse> =>
    hub.t.app.inject({
      method: 'GET',
      url: `/api/oauth/profile?${new URLSearchParams(query)}`,
      headers: authorization ? { authorization } : {},
    });

  it("answers the player's public profile, and the Profiler Badge once earned", async () => {
    const { access_token } = await tokensOf(hub);
    const before = await getProfile({ access_token });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const profile = OAuthProfileResponseSchema.strict().parse(json(before));
    expect(profile).toMatchObject({
      Id_User: hub.player.idUser,
      Username: hub.player.username,
      Badges: [],
    });
    expect(Date.parse(profile.CreatedAt)).not.toBeNaN();
    expect(before.body).not.toContain(hub.player.email);

    // The player earns the badge through the survey (a Steam account linked first).
    const steamId = freshSteamId();
    await insertConnection(hub.t, hub.player.id, 'steam', steamId, 'ProfileReaderOnSteam');
    const survey = await postSurvey(
      hub.t,
      { token: hub.bearer },
      submissionOf({ ...hub.player, token: hub.bearer, steamId }),
    );
    expect(survey.statusCode, survey.body).toBe(200);
    const after = OAuthProfileResponseSchema.parse(json(await getProfile({ access_token })));
    expect(after.Badges).toEqual([{ Name: 'Profiler', AwardedAt: expect.any(String) }]);
  });

  it('refuses a call without, or with wrong, client credentials with 401 and the Basic challenge', async () => {
    const { access_token } = await tokensOf(hub);
    for (const authorization of ['', basic(CLIENT, 'wrong-secret'), `Bearer ${access_token}`]) {
      const res = await getProfile({ access_token }, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(firstCode(res)).toBe('ERROR_UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="guildgate-partner-api"/);
    }
  });

  it("refuses a missing or malformed token, another client's and the portal's own with ERROR_TOKEN_INVALID", async () => {
    const { access_token } = await tokensOf(hub);
    const refused: Array<[string, Record<string, string>, string?]> = [
      ['no token', {}],
      ['an empty token', { access_token: '' }],
      ['a malformed token', { access_token: 'not.a.jwt' }],
      ['the token of CLIENT, called as OTHER', { access_token }, basic(OTHER, hub.otherSecret)],
      ["the portal's own token", { access_token: hub.bearer }],
    ];
    for (const [name, query, authorization] of refused) {
      const res = await getProfile(query, authorization);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(firstCode(res), name).toBe('ERROR_TOKEN_INVALID');
    }
    // Text no store keeps, or over the bound: the §8 shape on the parameter, never a 500.
    for (const access_token of ['\u0000<script>\u202e', 'x'.repeat(5000)]) {
      const res = await getProfile({ access_token });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toEqual({
        ErrorMessages: [{ Property: 'access_token', ErrorMessage: 'ERROR_FIELD_INVALID' }],
      });
    }
  });

  it('refuses the token of a session that ended (its code was replayed)', async () => {
    const code = await newCode(hub);
    const first = await postToken(hub, grant(code));
    expect(first.statusCode, first.body).toBe(200);
    const { access_token } = json<{ access_token: string }>(first);
    expect((await getProfile({ access_token })).statusCode).toBe(200);
    // RFC 6749 §4.1.2: a code used twice revokes the session of its first exchange.
    expect((await postToken(hub, grant(code))).statusCode).toBe(400);
    const res = await getProfile({ access_token });
    expect(res.statusCode).toBe(400);
    expect(firstCode(res)).toBe('ERROR_TOKEN_INVALID');
  });
});
