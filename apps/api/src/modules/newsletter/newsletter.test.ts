/**
 * Newsletter (spec §2 Newsletter, /unsubscribe; §3 Newsletter opt-in; §7 GET newsletter, POST
 * newsletter/optin-user; §8): lists with the player's choice, joining sends a confirmation with a signed
 * unsubscribe link that works in any browser (and only unaltered), register's G2GSegaOptin subscribes,
 * unknown lists and bad input answer the §8 shape, and the section follows its flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, linkIn, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, sessionOf, waitForMailCount } from '../../test/helpers.ts';

interface Lists {
  OptInList: Array<{ ListId: number; ListName: string; IsOptIn: boolean }>;
  IsG2GOptIn: boolean;
}

const lists = async (t: TestApp, token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/newsletter', headers: asUser(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Lists>();
};
const optIn = (t: TestApp, token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/optin-user',
    headers: asUser(token),
    payload: payload as Record<string, unknown>,
  });
const unsubscribe = (t: TestApp, token: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    headers: ANONYMOUS,
    payload: { Token: token },
  });

describe.each(STORES)('newsletter on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('joins and leaves lists; joining mails a signed unsubscribe link that works once signed', async () => {
    const player = await createPlayer(t, 'Reader');
    const { token } = await sessionOf(t, player);
    const before = await lists(t, token.Value);
    expect(before.OptInList.length).toBeGreaterThan(1);
    expect(before.OptInList.every((list) => !list.IsOptIn)).toBe(true);
    expect(before.IsG2GOptIn).toBe(false);
    const [first, second] = before.OptInList;

    expect(
      (await optIn(t, token.Value, { ListId: first.ListId, IsOptIn: true, IsG2GOptIn: true })).statusCode,
    ).toBe(200);
    expect((await optIn(t, token.Value, { ListId: second.ListId, IsOptIn: true })).statusCode).toBe(200);
    // Joining twice changes nothing and sends nothing more.
    expect((await optIn(t, token.Value, { ListId: second.ListId, IsOptIn: true })).statusCode).toBe(200);
    const joined = await lists(t, token.Value);
    expect(joined.OptInList.filter((l) => l.IsOptIn).map((l) => l.ListId)).toEqual([
      first.ListId,
      second.ListId,
    ]);
    expect(joined.IsG2GOptIn).toBe(true);

    // register mail + one per list joined.
    const mails = await waitForMailCount(t, player.email, 3);
    const firstMail = mails.find((m) => m.subject.includes(first.ListName))!;
    const link = linkIn(firstMail.text, `${t.config.publicUrl}/unsubscribe?token=`);
    const signed = new URL(link).searchParams.get('token')!;

    // Altered (another list or player in the payload, or a cut signature): refused, nothing changes.
    const [header, payload, signature] = signed.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    forged.lst = second.ListId;
    const forgedToken = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    for (const bad of [forgedToken, signed.slice(0, -4), '', 'not-a-token', token.Value])
      expectErrors(await unsubscribe(t, bad), 400, [['Token', 'ERROR_UNSUBSCRIBE_INVALID']]);
    expect((await lists(t, token.Value)).OptInList.filter((l) => l.IsOptIn)).toHaveLength(2);

    // The link leaves that list only; following it again is fine.
    expect((await unsubscribe(t, signed)).statusCode).toBe(200);
    expect((await unsubscribe(t, signed)).statusCode).toBe(200);
    const after = await lists(t, token.Value);
    expect(after.OptInList.filter((l) => l.IsOptIn).map((l) => l.ListId)).toEqual([second.ListId]);

    // Leaving the last list ends the general consent.
    expect((await optIn(t, token.Value, { ListId: second.ListId, IsOptIn: false })).statusCode).toBe(200);
    const none = await lists(t, token.Value);
    expect(none.OptInList.some((l) => l.IsOptIn)).toBe(false);
    expect(none.IsG2GOptIn).toBe(false);
  });

  it("honours register's G2GSegaOptin: the new player receives every list", async () => {
    const player = await createPlayer(t, 'Subscriber', { form: { G2GSegaOptin: true } });
    const { token } = await sessionOf(t, player);
    const answer = await lists(t, token.Value);
    expect(answer.OptInList.every((list) => list.IsOptIn)).toBe(true);
    expect(answer.IsG2GOptIn).toBe(true);
  });

  it('refuses an unknown list and bad input in the §8 shape, and a call without a token', async () => {
    const player = await createPlayer(t, 'Prodder');
    const { token } = await sessionOf(t, player);
    expectErrors(await optIn(t, token.Value, { ListId: 999_999, IsOptIn: true }), 400, [
      ['', 'ERROR_OPTIN_NOT_EXISTS'],
    ]);
    for (const payload of [
      { ListId: 'one', IsOptIn: true },
      { ListId: 1 },
      { ListId: 1.5, IsOptIn: true },
      { ListId: -1, IsOptIn: true },
      { ListId: 1, IsOptIn: 'yes' },
      [],
    ]) {
      const res = await optIn(t, token.Value, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
    for (const bad of [42, null, { a: 1 }]) {
      const res = await unsubscribe(t, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/newsletter', headers: ANONYMOUS });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(STORES)('newsletter with the section off on %s', (kind) => {
  it('refuses the calls and ignores G2GSegaOptin at registration', async () => {
    const t = await startTestApp(kind, { env: { FEATURE_NEWSLETTER_SECTION: '0' } });
    try {
      const player = await createPlayer(t, 'NoNews', { form: { G2GSegaOptin: true } });
      const { token } = await sessionOf(t, player);
      const res = await t.app.inject({ method: 'GET', url: '/api/newsletter', headers: asUser(token.Value) });
      expectErrors(res, 400, [['', 'ERROR_NOT_ALLOWED']]);
      expectErrors(await optIn(t, token.Value, { ListId: 1, IsOptIn: true }), 400, [
        ['', 'ERROR_NOT_ALLOWED'],
      ]);
      const rows = await t.ctx.db.selectFrom('user_newsletter_optins').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
