/**
 * The Steam stand-in's Web API (`GetPlayerSummaries`), avatars, profile and start pages over real HTTP
 * (DESIGN.md §1 Steam "player-summary Web API"), including persona names typed on the approve page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_STEAM_IDS, SANDBOX_STEAM_API_KEYS, type PlayerSummary } from './index.ts';
import { checkIdFields, signIn, useSteamTestServer } from './testing.ts';

const KEY = 'guildgate-test-steam-key';
const GABE = '76561197960287930';
const ADA = '76561198000000001';

const server = useSteamTestServer();
let base: string;
beforeAll(() => {
  base = server.base();
});

function summariesUrl(query: Record<string, string>, path = 'v0002/'): string {
  return `${base}/steam/api/ISteamUser/GetPlayerSummaries/${path}?${new URLSearchParams(query)}`;
}

async function players(steamids: string): Promise<PlayerSummary[]> {
  const response = await fetch(summariesUrl({ key: KEY, steamids }));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { response: { players: PlayerSummary[] } };
  return body.response.players;
}

describe('GetPlayerSummaries', () => {
  it('answers the valid, distinct ids in order with Steam fields and absolute URLs', async () => {
    const answer = await players(`${ADA},12345,${GABE},abc,76561198999999999,${ADA},12345678901234567`);
    expect(answer.map((player) => [player.steamid, player.personaname])).toEqual([
      [ADA, 'Ada Sandbox'],
      [GABE, 'Gabe Sandbox'],
      ['76561198999999999', 'Player 9999'],
    ]);
    expect(answer[0]).toEqual({
      steamid: ADA,
      communityvisibilitystate: 3,
      profilestate: 1,
      personaname: 'Ada Sandbox',
      profileurl: `${base}/steam/profiles/${ADA}/`,
      avatar: `${base}/steam/avatars/${ADA}.svg?size=small`,
      avatarmedium: `${base}/steam/avatars/${ADA}.svg?size=medium`,
      avatarfull: `${base}/steam/avatars/${ADA}.svg`,
      avatarhash: expect.stringMatching(/^[0-9a-f]{40}$/),
      personastate: 1,
      lastlogoff: expect.any(Number),
    });
  });

  it('accepts every sandbox key, and the path without its trailing slash', async () => {
    for (const key of SANDBOX_STEAM_API_KEYS) {
      expect((await fetch(summariesUrl({ key, steamids: GABE }))).status, key).toBe(200);
    }
    expect((await fetch(summariesUrl({ key: KEY, steamids: GABE }, 'v0002'))).status).toBe(200);
  });

  it('reads at most 100 ids', async () => {
    const ids = Array.from({ length: MAX_STEAM_IDS + 5 }, (_, index) =>
      String(76561198100000000n + BigInt(index)),
    );
    const answer = await players(ids.join(','));
    expect(answer).toHaveLength(MAX_STEAM_IDS);
    expect(answer.at(-1)?.steamid).toBe(ids[MAX_STEAM_IDS - 1]);
  });

  it('answers 403 with an HTML body for a missing or unknown key, 400 without steamids', async () => {
    const queries: Array<Record<string, string>> = [
      { steamids: GABE },
      { key: 'wrong', steamids: GABE },
      { key: '', steamids: GABE },
    ];
    for (const query of queries) {
      const response = await fetch(summariesUrl(query));
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<h1>Forbidden</h1>');
    }
    expect((await fetch(summariesUrl({ key: KEY }))).status).toBe(400);
  });

  it('gives the persona name typed on the approve page, and its initials on the avatar', async () => {
    const steamid = '76561198555555555';
    const login = `${base}/steam/openid/login?${new URLSearchParams(
      checkIdFields('http://portal.example.test/return', 'http://portal.example.test/'),
    )}`;
    const before = (await players(steamid))[0];
    expect(before.personaname).toBe('Player 5555');
    await signIn(base, login, { custom_steamid: steamid, persona_name: '  Grace <Sandbox>  ' });
    const after = (await players(steamid))[0];
    expect(after.personaname).toBe('Grace <Sandbox>');
    expect(after.avatarhash).not.toBe(before.avatarhash);

    const avatar = await fetch(after.avatarmedium);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await avatar.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="64" height="64"/);
    expect(svg).toContain('>G&lt;</text>');
    expect(svg).toContain('<title>Grace &lt;Sandbox&gt;</title>');
    expect(await (await fetch(after.avatarfull)).text()).toContain('width="184"');

    await expect(
      signIn(base, login, { custom_steamid: steamid, persona_name: 'x'.repeat(33) }),
    ).rejects.toThrow('approve answered 400');
    expect((await players(steamid))[0]?.personaname).toBe('Grace <Sandbox>');
  });
});

describe('pages and avatars', () => {
  it('serves the avatar only for valid ids and sizes', async () => {
    const same = await (await fetch(`${base}/steam/avatars/${GABE}.svg`)).text();
    expect(await (await fetch(`${base}/steam/avatars/${GABE}.svg`)).text()).toBe(same);
    expect(same).toContain('>GS</text>');
    for (const path of [`${GABE}.png`, '1234.svg', `${GABE}.svg?size=huge`]) {
      expect((await fetch(`${base}/steam/avatars/${path}`)).status, path).toBe(404);
    }
  });

  it('serves profile pages, the start page and a 404 for unknown profiles', async () => {
    const profile = await fetch(`${base}/steam/profiles/${ADA}/`);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('<h1>Ada Sandbox</h1>');
    expect((await fetch(`${base}/steam/profiles/42/`)).status).toBe(404);

    const start = await fetch(`${base}/steam`);
    expect(start.status).toBe(200);
    const page = await start.text();
    for (const text of [...SANDBOX_STEAM_API_KEYS, GABE, 'Linus Sandbox', `${base}/steam/openid/login`]) {
      expect(page).toContain(text);
    }
  });
});
