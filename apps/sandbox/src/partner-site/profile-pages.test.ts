/**
 * The partner community site's profile and rewards pages against the real Guildgate API over HTTP
 * (issue 19 "No dead ends": the pages of `npm start`'s front url that the portal links to — "View my
 * profile" → `/partner/profile`, the survey's Steam-connect return → `/partner/profile/me/rewards`; spec
 * §2 Survey, §4 Linking a provider; docs/partner-api.md GET oauth/profile): a visitor signs in through
 * the hub first and comes back to the page asked for; the profile shows the player's titles, member
 * since and badges; the rewards page offers the Profiler survey until the badge is earned (through the
 * real survey call); the Steam link's return (`steamid` in the query) goes straight back to the survey
 * at the hub; a sign-in never leads back outside the site; a hub session that ended signs the player in
 * again; a hub that cannot be reached leaves the pages up with a notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PLAYER,
  freshSteamId,
  insertConnection,
  postSurvey,
  submissionOf,
} from '@guildgate/api/testing';
import { TestBrowser } from '../shared/oidc-test-kit.ts';
import { SITE_PAGES } from './index.ts';
import {
  demoPlayerSession,
  endHubSignIns,
  spaOAuth,
  startPartnerSiteWorld,
  type PartnerSiteWorld,
} from './test-support.ts';

/** Starting the API (migrations, the demo player's password hash) takes a few seconds on a busy machine. */
const HOOK_TIMEOUT_MS = 60_000;
/** A test drives several HTTP round trips between the site and the hub. */
const TEST_TIMEOUT_MS = 30_000;

describe('the partner site profile and rewards pages', { timeout: TEST_TIMEOUT_MS }, () => {
  let world: PartnerSiteWorld;
  let demo: { id: number; id_user: string };

  beforeAll(async () => {
    world = await startPartnerSiteWorld();
    demo = await world.t.ctx.db
      .selectFrom('users')
      .select(['id', 'id_user'])
      .where('username', '=', DEMO_PLAYER.username)
      .executeTakeFirstOrThrow();
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await world.close();
  });

  const site = (path: string) => `${world.site.baseUrl}${path}`;

  /**
   * Visits `path` as a visitor of the site who is logged in at the hub: the site sends the browser to
   * the hub's /oauth, the hub answers at once, and the callback leads back; returns where it leads.
   */
  async function visitSigningIn(browser: TestBrowser, path: string): Promise<string> {
    const first = await browser.fetch(site(path));
    expect(first.status).toBe(303);
    const authorization = new URL(first.headers.get('location')!);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${world.hubUrl}/oauth`);
    const callback = await spaOAuth(world, authorization, await demoPlayerSession(world));
    const back = await browser.fetch(callback);
    expect(back.status, await back.clone().text()).toBe(303);
    return back.headers.get('location')!;
  }

  it("signs a visitor in first, then shows the player's profile and rewards with the survey on offer", async () => {
    const browser = new TestBrowser();
    expect(await visitSigningIn(browser, SITE_PAGES.profile)).toBe(SITE_PAGES.profile);
    const profile = await browser.fetch(site(SITE_PAGES.profile));
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const page = await profile.text();
    expect(page).toContain(`<h1>${DEMO_PLAYER.username}</h1>`);
    expect(page).toContain('Veteran Explorer');
    expect(page).toContain(demo.id_user);
    expect(page).toMatch(/<dt>Member since<\/dt>\s*<dd>\d{4}-\d{2}-\d{2}<\/dd>/);
    expect(page).toContain('No badges yet.');
    expect(page).toContain(`href="${world.hubUrl}/account"`);
    expect(page).not.toContain(DEMO_PLAYER.email);

    // Signed in now: the rewards page needs no new sign-in.
    const rewards = await browser.fetch(site(SITE_PAGES.rewards));
    expect(rewards.status).toBe(200);
    const offer = await rewards.text();
    expect(offer).toContain('<h1>My rewards</h1>');
    expect(offer).toContain('<strong>Profiler Badge</strong>: answer the ten questions');
    expect(offer).toContain(`<a href="${world.hubUrl}/survey">Take the profiler survey</a>`);

    // The home page leads to both.
    const home = await (await browser.fetch(site(SITE_PAGES.home))).text();
    expect(home).toContain(`<a href="${SITE_PAGES.profile}">My profile</a>`);
    expect(home).toContain(`<a href="${SITE_PAGES.rewards}">My rewards</a>`);
  });

  it('shows the Profiler Badge once the player earned it through the survey', async () => {
    const { bearer } = await demoPlayerSession(world);
    const steamId = freshSteamId();
    await insertConnection(world.t, demo.id, 'steam', steamId, 'DemoPlayerOnSteam');
    const survey = await postSurvey(
      world.t,
      { token: bearer },
      submissionOf({ id: demo.id, idUser: demo.id_user, ...DEMO_PLAYER, token: bearer, steamId }),
    );
    expect(survey.statusCode, survey.body).toBe(200);

    const browser = new TestBrowser();
    expect(await visitSigningIn(browser, SITE_PAGES.rewards)).toBe(SITE_PAGES.rewards);
    const rewards = await (await browser.fetch(site(SITE_PAGES.rewards))).text();
    expect(rewards).toMatch(/<strong>Profiler Badge<\/strong>, earned on \d{4}-\d{2}-\d{2}/);
    expect(rewards).toContain('You have earned every badge on offer.');
    expect(rewards).not.toContain('Take the profiler survey');
    const profile = await (await browser.fetch(site(SITE_PAGES.profile))).text();
    expect(profile).toMatch(/<strong>Profiler Badge<\/strong>, earned on \d{4}-\d{2}-\d{2}/);
    expect(profile).not.toContain('No badges yet.');
  });

  it("sends the portal's Steam-link return (steamid) straight back to the survey, signed in or not", async () => {
    const visitor = new TestBrowser();
    const player = new TestBrowser();
    await visitSigningIn(player, '/partner/sign-in');
    for (const browser of [visitor, player]) {
      const res = await browser.fetch(`${site(SITE_PAGES.rewards)}?steamid=76561198000000001`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${world.hubUrl}/survey/qualification`);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // Without a value it is the rewards page as usual (a visitor signs in first).
    const empty = await new TestBrowser().fetch(`${site(SITE_PAGES.rewards)}?steamid=`);
    expect(new URL(empty.headers.get('location')!).origin).toBe(world.hubUrl);
    expect(new URL(empty.headers.get('location')!).pathname).toBe('/oauth');
  });

  it('leads a sign-in back only to a page of the site', async () => {
    const cases: Array<[string, string]> = [
      ['/partner/sign-in', SITE_PAGES.home],
      [`/partner/sign-in?return=${encodeURIComponent(SITE_PAGES.rewards)}`, SITE_PAGES.rewards],
      ['/partner/sign-in?return=https%3A%2F%2Fevil.example%2F', SITE_PAGES.home],
      ['/partner/sign-in?return=%2F%2Fevil.example%2Fpartner%2Fprofile', SITE_PAGES.home],
      ['/partner/sign-in?return=%2Fpartner%2Fcallback', SITE_PAGES.home],
    ];
    for (const [start, expected] of cases) {
      expect(await visitSigningIn(new TestBrowser(), start), start).toBe(expected);
    }
  });

  it('signs the player in again when the hub ended the session', async () => {
    const browser = new TestBrowser();
    await visitSigningIn(browser, SITE_PAGES.profile);
    expect((await browser.fetch(site(SITE_PAGES.profile))).status).toBe(200);
    await endHubSignIns(world);
    const again = await browser.fetch(site(SITE_PAGES.profile));
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).pathname).toBe('/oauth');
  });
});

describe(
  'the partner site profile pages when the hub cannot be reached',
  { timeout: TEST_TIMEOUT_MS },
  () => {
    let world: PartnerSiteWorld;

    beforeAll(async () => {
      world = await startPartnerSiteWorld();
    }, HOOK_TIMEOUT_MS);
    afterAll(async () => {
      await world.close();
    });

    it('still shows what the site remembers, with a notice, and never an error page', async () => {
      const browser = new TestBrowser();
      const first = await browser.fetch(`${world.site.baseUrl}${SITE_PAGES.profile}`);
      const callback = await spaOAuth(
        world,
        new URL(first.headers.get('location')!),
        await demoPlayerSession(world),
      );
      expect((await browser.fetch(callback)).status).toBe(303);
      // The hub stops answering (its listener closes; the app itself stays for the world's close).
      world.t.app.server.closeAllConnections();
      await new Promise<void>((resolve) => world.t.app.server.close(() => resolve()));

      const profile = await browser.fetch(`${world.site.baseUrl}${SITE_PAGES.profile}`);
      expect(profile.status).toBe(200);
      const page = await profile.text();
      expect(page).toContain(`<h1>${DEMO_PLAYER.username}</h1>`);
      expect(page).toContain('Guildgate could not be reached just now');
      const rewards = await browser.fetch(`${world.site.baseUrl}${SITE_PAGES.rewards}`);
      expect(rewards.status).toBe(200);
      expect(await rewards.text()).toContain('Guildgate could not be reached just now');
    });
  },
);
