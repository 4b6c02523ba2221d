/**
 * The e-mail reputation check (spec §5 "mailbox must exist, not high-risk domain"; §8
 * ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST, ERROR_EMAIL_HIGH_RISK) against the sandbox's /email-check, at
 * registration and e-mail change; and its fail-open rule when the service is down or answers nonsense.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, asUser, registerForm, startTestApp, type TestApp } from '../../test/harness.ts';
import { countRows, createPlayer, expectErrors, postRegister, sessionOf } from '../../test/helpers.ts';
import { checkAddress } from '@guildgate/sandbox/testing';

const withEmail = (name: string, email: string) => registerForm(name, { Email: email, ConfirmEmail: email });

describe('the sandbox e-mail check', () => {
  it('reports the two test domains and their sub-domains, and nothing else', () => {
    expect(checkAddress('a@no-mailbox.test')).toEqual({ mailboxExists: false, highRisk: false });
    expect(checkAddress('a@eu.HIGH-RISK.test')).toEqual({ mailboxExists: true, highRisk: true });
    expect(checkAddress('a@players.test')).toEqual({ mailboxExists: true, highRisk: false });
    expect(checkAddress('a@not-no-mailbox.test')).toEqual({ mailboxExists: true, highRisk: false });
  });
});

describe.each(STORES)('e-mail reputation on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an address without a mailbox or on a high-risk domain at registration', async () => {
    const users = await countRows(t, 'users');
    expectErrors(await postRegister(t, withEmail('NoBox', 'player@no-mailbox.test')), 400, [
      ['Email', 'ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST'],
    ]);
    expectErrors(await postRegister(t, withEmail('Risky', 'player@high-risk.test')), 400, [
      ['Email', 'ERROR_EMAIL_HIGH_RISK'],
    ]);
    expect(await countRows(t, 'users')).toBe(users);
    expect((await postRegister(t, withEmail('Fine', 'fine@players.test'))).statusCode).toBe(201);
  });

  it('refuses them at e-mail change too', async () => {
    const player = await createPlayer(t, 'Changer');
    const { token } = await sessionOf(t, player);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${player.idUser}/update-email`,
      headers: asUser(token.Value),
      payload: { Email: 'player@high-risk.test', ConfirmEmail: 'player@high-risk.test' },
    });
    expectErrors(res, 400, [['Email', 'ERROR_EMAIL_HIGH_RISK']]);
  });
});

describe('e-mail reputation when the service fails', () => {
  it('lets the address pass when the service is down', async () => {
    const t = await startTestApp('sqlite', {
      overrides: { emailCheckUrl: 'http://127.0.0.1:9/email-check' },
    });
    try {
      expect((await postRegister(t, withEmail('Unchecked', 'player@no-mailbox.test'))).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('lets the address pass when the answer is not the expected shape', async () => {
    const t = await startTestApp('sqlite');
    try {
      // The sandbox's /health answers {"status":"ok"}: reachable, but not an e-mail check.
      t.config.emailCheckUrl = new URL('/health', t.config.emailCheckUrl!).toString();
      expect((await postRegister(t, withEmail('Shapeless', 'player@no-mailbox.test'))).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
