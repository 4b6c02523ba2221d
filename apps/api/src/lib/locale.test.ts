/**
 * Languages on the API (issue 19 §7 "French, completely"; lib/locale.ts; migration 0016): the reference
 * data the server sends (cookie categories, newsletter lists, deletion types) answers in the request's
 * Accept-Language, else the player's saved locale, else English; the saved locale comes from
 * registration and POST profile/user/{id}/update-locale; every e-mail is in the player's saved locale,
 * else the Accept-Language of the request that queued it, else English. Real store (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL), real HTTP through the app, the sandbox's real SMTP mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  CookieCategoriesResponseSchema,
  DeletionTypesResponseSchema,
  NewsletterResponseSchema,
  UserSchema,
  type MailboxMessage,
} from '@guildgate/contracts';
import {
  ANONYMOUS,
  STORES,
  asUser,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import {
  confirmUidFromMail,
  createPlayer,
  expectErrors,
  postConfirm,
  postRegister,
  sessionOf,
  waitForMailCount,
  type Player,
} from '../test/helpers.ts';
import { COOKIE_CATEGORIES, DELETION_TYPES, NEWSLETTER_LISTS } from '../db/reference-data.ts';

const FRENCH = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

/** GET `url` with `headers`, expecting 200. */
async function get(
  t: TestApp,
  url: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const cookieNames = async (t: TestApp, headers: Record<string, string>) =>
  CookieCategoriesResponseSchema.parse(json(await get(t, '/api/cookie', headers))).map((c) => c.Name);

describe.each(STORES)('languages on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Registers and confirms `name` with `headers` on POST register/new-user; logs in. */
  async function player(name: string, headers: Record<string, string> = {}) {
    const form = registerForm(name);
    const res = await postRegister(t, form, headers);
    expect(res.statusCode, res.body).toBe(201);
    const email = form.Email as string;
    const [mail] = await waitForMailCount(t, email, 1);
    expect((await postConfirm(t, await confirmUidFromMail(t, email))).statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'id_user'])
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
    const created: Player = {
      id: row.id,
      idUser: row.id_user,
      username: name,
      email,
      password: form.Password as string,
    };
    const { token } = await sessionOf(t, created);
    return { ...created, token: token.Value, verification: mail };
  }

  const savedLocale = async (idUser: string, token: string) =>
    UserSchema.parse(json(await get(t, `/api/profile/user/${idUser}`, asUser(token)))).Locale;

  const saveLocale = (idUser: string, token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${idUser}/update-locale`,
      headers: asUser(token),
      payload: payload as Record<string, unknown>,
    });

  describe('reference data', () => {
    it('stores a French translation of every cookie category, newsletter list and deletion type', async () => {
      const cookies = await t.ctx.db
        .selectFrom('cookie_category_translations as t')
        .innerJoin('cookie_categories as c', 'c.id', 't.cookie_id')
        .select(['c.name', 't.name as fr', 't.description as frDescription', 't.locale'])
        .orderBy('c.id')
        .execute();
      expect(cookies.map((r) => [r.name, r.locale, r.fr, r.frDescription])).toEqual(
        COOKIE_CATEGORIES.map((c) => [c.name, 'fr', c.fr.name, c.fr.description]),
      );
      const lists = await t.ctx.db
        .selectFrom('newsletter_list_translations as t')
        .innerJoin('newsletter_lists as l', 'l.id', 't.list_id')
        .select(['l.name', 't.name as fr'])
        .where('t.locale', '=', 'fr')
        .orderBy('l.id')
        .execute();
      expect(lists).toEqual(NEWSLETTER_LISTS.map((l) => ({ name: l.name, fr: l.fr })));
      const types = await t.ctx.db
        .selectFrom('deletion_type_translations as t')
        .innerJoin('deletion_types as d', 'd.id', 't.deletion_type_id')
        .select(['d.description', 't.description as fr'])
        .where('t.locale', '=', 'fr')
        .orderBy('d.id')
        .execute();
      expect(types).toEqual(DELETION_TYPES.map((d) => ({ description: d.description, fr: d.fr })));
    });

    it('answers the cookie categories in French to a French Accept-Language, keeping CanonicalName', async () => {
      const res = await get(t, '/api/cookie', { ...ANONYMOUS, ...FRENCH });
      expect(res.headers.vary).toMatch(/accept-language/i);
      const categories = CookieCategoriesResponseSchema.parse(json(res));
      expect(categories.map((c) => [c.CanonicalName, c.Name, c.Description])).toEqual(
        COOKIE_CATEGORIES.map((c) => [c.name, c.fr.name, c.fr.description]),
      );
      // English: the spec §9 names, and CanonicalName the same.
      const english = CookieCategoriesResponseSchema.parse(json(await get(t, '/api/cookie', ANONYMOUS)));
      expect(english.map((c) => [c.CanonicalName, c.Name, c.Description])).toEqual(
        COOKIE_CATEGORIES.map((c) => [c.name, c.name, c.description]),
      );
      expect(english.map((c) => c.Id)).toEqual(categories.map((c) => c.Id));
    });

    it('negotiates the language: region tags, quality values, unknown languages and no header', async () => {
      const french = COOKIE_CATEGORIES.map((c) => c.fr.name);
      const english = COOKIE_CATEGORIES.map((c) => c.name);
      expect(await cookieNames(t, { ...ANONYMOUS, 'accept-language': 'fr-CA' })).toEqual(french);
      expect(await cookieNames(t, { ...ANONYMOUS, 'accept-language': 'FR' })).toEqual(french);
      expect(await cookieNames(t, { ...ANONYMOUS, 'accept-language': 'de-DE,fr;q=0.5,en;q=0.4' })).toEqual(
        french,
      );
      expect(await cookieNames(t, { ...ANONYMOUS, 'accept-language': 'fr;q=0.2,en;q=0.8' })).toEqual(english);
      expect(await cookieNames(t, { ...ANONYMOUS, ...ENGLISH })).toEqual(english);
      expect(await cookieNames(t, { ...ANONYMOUS, 'accept-language': 'de' })).toEqual(english);
      expect(await cookieNames(t, ANONYMOUS)).toEqual(english);
    });

    it('never fails on a malformed Accept-Language: English, 200', async () => {
      const english = COOKIE_CATEGORIES.map((c) => c.name);
      for (const header of [
        ';;;',
        'fr;q=abc',
        '*',
        ',',
        'q=1',
        'x'.repeat(4000),
        '\u00e9t\u00e9',
        'fr-',
        '-',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/cookie',
          headers: { ...ANONYMOUS, 'accept-language': header },
        });
        expect(res.statusCode, header).toBe(200);
        const names = CookieCategoriesResponseSchema.parse(json(res)).map((c) => c.Name);
        // '*' and 'fr-' may still name a language we have; nothing else may fail or invent one.
        if (!['*', 'fr-'].includes(header)) expect(names, header).toEqual(english);
      }
    });

    it('answers deletion types and newsletter lists in French, the Other reason still IsOther', async () => {
      const reader = await player('LangLists');
      const types = DeletionTypesResponseSchema.parse(
        json(await get(t, '/api/deletion/types', { ...ANONYMOUS, ...FRENCH })),
      ).DeletionTypes;
      expect(types.map((d) => [d.Description, d.IsOther])).toEqual(
        DELETION_TYPES.map((d) => [d.fr, d.is_other === 1]),
      );
      const lists = NewsletterResponseSchema.parse(
        json(await get(t, '/api/newsletter', { ...asUser(reader.token), ...FRENCH })),
      ).OptInList;
      expect(lists.map((l) => l.ListName)).toEqual(NEWSLETTER_LISTS.map((l) => l.fr));
      const english = NewsletterResponseSchema.parse(
        json(await get(t, '/api/newsletter', asUser(reader.token))),
      ).OptInList;
      expect(english.map((l) => l.ListName)).toEqual(NEWSLETTER_LISTS.map((l) => l.name));
      expect(english.map((l) => l.ListId)).toEqual(lists.map((l) => l.ListId));
    });

    it("falls back to the player's saved locale when the call names no language of ours", async () => {
      const reader = await player('LangSaved', FRENCH);
      expect(await savedLocale(reader.idUser, reader.token)).toBe('fr');
      const headers = asUser(reader.token);
      const user = CookieCategoriesResponseSchema.parse(
        json(await get(t, `/api/cookie/user/${reader.idUser}`, headers)),
      );
      expect(user.map((c) => c.Name)).toEqual(COOKIE_CATEGORIES.map((c) => c.fr.name));
      expect(await cookieNames(t, headers)).toEqual(COOKIE_CATEGORIES.map((c) => c.fr.name));
      expect(await cookieNames(t, { ...headers, 'accept-language': 'de' })).toEqual(
        COOKIE_CATEGORIES.map((c) => c.fr.name),
      );
      const lists = NewsletterResponseSchema.parse(json(await get(t, '/api/newsletter', headers))).OptInList;
      expect(lists.map((l) => l.ListName)).toEqual(NEWSLETTER_LISTS.map((l) => l.fr));
      const types = DeletionTypesResponseSchema.parse(json(await get(t, '/api/deletion/types', headers)));
      expect(types.DeletionTypes.map((d) => d.Description)).toEqual(DELETION_TYPES.map((d) => d.fr));
      // The UI's language wins: the same player in an English page gets English.
      expect(await cookieNames(t, { ...headers, ...ENGLISH })).toEqual(COOKIE_CATEGORIES.map((c) => c.name));
    });
  });

  describe('the saved locale', () => {
    it("is the registration request's language, or none without one", async () => {
      const french = await player('LangRegFr', FRENCH);
      const unknown = await player('LangRegNone');
      const german = await player('LangRegDe', { 'accept-language': 'de-DE' });
      expect(await savedLocale(french.idUser, french.token)).toBe('fr');
      expect(await savedLocale(unknown.idUser, unknown.token)).toBeNull();
      expect(await savedLocale(german.idUser, german.token)).toBeNull();
    });

    it('is saved by POST profile/user/{id}/update-locale, for the caller only, in the §8 shape', async () => {
      const chooser = await player('LangChooser');
      const other = await player('LangOther');
      const res = await saveLocale(chooser.idUser, chooser.token, { Locale: 'fr' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({ Success: true });
      expect(await savedLocale(chooser.idUser, chooser.token)).toBe('fr');
      expect((await saveLocale(chooser.idUser, chooser.token, { Locale: 'fr' })).statusCode).toBe(200);
      expect(await savedLocale(chooser.idUser, chooser.token)).toBe('fr');
      expect((await saveLocale(chooser.idUser, chooser.token, { Locale: 'en' })).statusCode).toBe(200);
      expect(await savedLocale(chooser.idUser, chooser.token)).toBe('en');

      for (const bad of ['de', 'FR', '', null, 1, ['fr']])
        expectErrors(await saveLocale(chooser.idUser, chooser.token, { Locale: bad }), 400, [
          ['Locale', 'ERROR_FIELD_INVALID'],
        ]);
      expect((await saveLocale(chooser.idUser, chooser.token, {})).statusCode).toBe(400);
      expectErrors(await saveLocale(other.idUser, chooser.token, { Locale: 'fr' }), 403, [
        ['', 'ERROR_FORBIDDEN'],
      ]);
      expect(await savedLocale(other.idUser, other.token)).toBeNull();
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/profile/user/${chooser.idUser}/update-locale`,
        headers: ANONYMOUS,
        payload: { Locale: 'fr' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await savedLocale(chooser.idUser, chooser.token)).toBe('en');
    });
  });

  describe('e-mails', () => {
    /** A French mail: <html lang="fr">, a French greeting and link hint, none of the English words. */
    function expectFrench(mail: MailboxMessage): void {
      expect(mail.html).toMatch(/<html[^>]*lang="fr"/);
      expect(mail.text).toContain('Bonjour ');
      expect(mail.text).toContain('Si le bouton ne fonctionne pas, ouvrez cette adresse');
      expect(mail.text).not.toMatch(/Hello|If the button|this email|your account/i);
    }
    function expectEnglish(mail: MailboxMessage): void {
      expect(mail.html).toMatch(/<html[^>]*lang="en"/);
      expect(mail.text).toContain('Hello ');
      expect(mail.text).toContain('If the button does not work, open this address');
    }

    it('sends the verification in the language of the registration request', async () => {
      const french = await player('LangMailFr', FRENCH);
      expect(french.verification.subject).toBe('Confirmez votre compte Guildgate');
      expectFrench(french.verification);
      expect(french.verification.text).toContain('Confirmer mon adresse e-mail');
      const english = await player('LangMailEn');
      expect(english.verification.subject).toBe('Confirm your Guildgate account');
      expectEnglish(english.verification);
    });

    it("prefers the player's saved locale to the request's language (password recovery)", async () => {
      const saved = await player('LangRecoverySaved', FRENCH);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/password-recovery',
        headers: { ...ANONYMOUS, ...ENGLISH },
        payload: { Email: saved.email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [recovery] = await waitForMailCount(t, saved.email, 2);
      expect(recovery.subject).toBe('Réinitialisez votre mot de passe Guildgate');
      expectFrench(recovery);
      expect(recovery.text).toContain('expire dans 60 minutes');
    });

    it("uses the asking request's language when no locale is saved, even for deferred mail", async () => {
      const unsaved = await player('LangRecoveryAsk');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/password-recovery',
        headers: { ...ANONYMOUS, ...FRENCH },
        payload: { Email: unsaved.email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [recovery] = await waitForMailCount(t, unsaved.email, 2);
      expect(recovery.subject).toBe('Réinitialisez votre mot de passe Guildgate');
      expectFrench(recovery);
    });

    it('resends the confirmation in the language asked for when none is saved', async () => {
      const pending = await createPlayer(t, 'LangResend', { confirmed: false });
      await waitForMailCount(t, pending.email, 1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/email/send-confirmation-email',
        headers: { ...ANONYMOUS, ...FRENCH },
        payload: { Email: pending.email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [resent] = await waitForMailCount(t, pending.email, 2);
      expect(resent.subject).toBe('Confirmez votre compte Guildgate');
      expectFrench(resent);
    });

    it('writes the newsletter confirmation with the list name in the same language', async () => {
      const reader = await player('LangNews');
      expect((await saveLocale(reader.idUser, reader.token, { Locale: 'fr' })).statusCode).toBe(200);
      const [list] = NewsletterResponseSchema.parse(
        json(await get(t, '/api/newsletter', asUser(reader.token))),
      ).OptInList;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/optin-user',
        headers: { ...asUser(reader.token), ...ENGLISH },
        payload: { ListId: list.ListId, IsOptIn: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [joined] = await waitForMailCount(t, reader.email, 2);
      expect(joined.subject).toBe(`Vous êtes abonné à ${NEWSLETTER_LISTS[0].fr}`);
      expect(joined.text).toContain(`« ${NEWSLETTER_LISTS[0].fr} »`);
      expect(joined.text).toContain('Me désabonner');
      expectFrench(joined);
    });

    it('writes both e-mail change mails in the saved language', async () => {
      const mover = await player('LangMover', FRENCH);
      const newAddress = 'langmover.new@players.test';
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/profile/user/${mover.idUser}/update-email`,
        headers: { ...asUser(mover.token), ...ENGLISH },
        payload: { Email: newAddress, ConfirmEmail: newAddress },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [confirm] = await waitForMailCount(t, newAddress, 1);
      expect(confirm.subject).toBe('Confirmez votre nouvelle adresse e-mail Guildgate');
      expectFrench(confirm);
      const [notice] = await waitForMailCount(t, mover.email, 2);
      expect(notice.subject).toBe('Un changement d’adresse e-mail de votre compte Guildgate a été demandé');
      expectFrench(notice);
    });
  });
});
