/**
 * Access keys (spec §2 /access-key, /register with access keys; §7 POST accesskey/validate; §8
 * ACCESS_KEY_NON_EXISTANT, ACCESS_KEY_ALREADY_USED): validation looks without using; registration
 * requires a usable key and consumes it atomically (two concurrent registrations with one key: exactly
 * one succeeds); expired keys are refused; the flag off refuses validation and ignores keys; the
 * operator command creates keys that work; bad input answers the §8 shape.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, registerForm, startTestApp, type TestApp } from '../../test/harness.ts';
import { countRows, expectErrors, postRegister } from '../../test/helpers.ts';
import { createAccessKeys } from './service.ts';

const run = promisify(execFile);
const KEY_FORMAT = /^GG-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

const validate = (t: TestApp, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/accesskey/validate',
    headers: ANONYMOUS,
    payload: payload as Record<string, unknown>,
  });

describe.each(STORES)('access keys on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  const form = (key: unknown, extra: Record<string, unknown> = {}) =>
    registerForm(`Keyed${(seq += 1)}`, { AccessKeyValue: key, ...extra });

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { FEATURE_REGISTER_WITH_ACCESS_KEYS: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('validates without using, then registration uses the key once', async () => {
    const [key] = await createAccessKeys(t.ctx.db, 1, { note: 'test' });
    expect(key).toMatch(KEY_FORMAT);
    expect((await validate(t, { Value: ` ${key.toLowerCase()} ` })).statusCode).toBe(200);
    expect((await validate(t, { Value: key })).statusCode).toBe(200);
    const registered = await postRegister(t, form(key));
    expect(registered.statusCode, registered.body).toBe(201);
    expectErrors(await validate(t, { Value: key }), 400, [['Value', 'ERROR_ACCESS_KEY_ALREADY_USED']]);
    expectErrors(await postRegister(t, form(key)), 400, [
      ['AccessKeyValue', 'ERROR_ACCESS_KEY_ALREADY_USED'],
    ]);
  });

  it('refuses unknown, empty and expired keys, at validation and at registration', async () => {
    const [expired] = await createAccessKeys(t.ctx.db, 1, { expiresInDays: 1 });
    await t.ctx.db
      .updateTable('access_keys')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('note', 'is', null)
      .execute();
    for (const value of ['GG-0000-0000-0000-0000', '', '   ', expired]) {
      expectErrors(await validate(t, { Value: value }), 400, [['Value', 'ERROR_ACCESS_KEY_NON_EXISTANT']]);
    }
    const users = await countRows(t, 'users');
    for (const value of [null, '', 'GG-0000-0000-0000-0000', expired]) {
      expectErrors(await postRegister(t, form(value)), 400, [
        ['AccessKeyValue', 'ERROR_ACCESS_KEY_NON_EXISTANT'],
      ]);
    }
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('lets exactly one of two concurrent registrations with one key succeed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [key] = await createAccessKeys(t.ctx.db, 1, { note: 'race' });
      const users = await countRows(t, 'users');
      const answers = await Promise.all([postRegister(t, form(key)), postRegister(t, form(key))]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join(' | ')).toEqual([201, 400]);
      const refused = answers.find((a) => a.statusCode === 400)!;
      expectErrors(refused, 400, [['AccessKeyValue', 'ERROR_ACCESS_KEY_ALREADY_USED']]);
      expect(await countRows(t, 'users')).toBe(users + 1);
    }
  });

  it('answers bad input in the §8 shape', async () => {
    for (const payload of [
      { Value: 42 },
      { Value: null },
      { Value: ['GG'] },
      { Value: 'x'.repeat(5000) },
      'text',
    ]) {
      const res = await validate(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
  });
});

describe.each(STORES)('access keys with the flag off on %s', (kind) => {
  it('refuses validation and registers without a key', async () => {
    const t = await startTestApp(kind);
    try {
      expectErrors(await validate(t, { Value: 'GG-0000-0000-0000-0000' }), 400, [['', 'ERROR_NOT_ALLOWED']]);
      expect((await postRegister(t, registerForm('Keyless', { AccessKeyValue: null }))).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('the access-keys command', () => {
  it('prints new keys that validate, and refuses a bad count', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-keys-'));
    const env = {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dir, 'store.sqlite')}`,
      LOG_LEVEL: 'silent',
    };
    const cli = path.resolve(import.meta.dirname, '../../cli/access-key-cli.ts');
    try {
      const { stdout } = await run(process.execPath, [cli, '3', '--note', 'launch'], { env });
      const keys = stdout.trim().split('\n');
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(key).toMatch(KEY_FORMAT);
      await expect(run(process.execPath, [cli, '0'], { env })).rejects.toMatchObject({ code: 2 });

      const t = await startTestApp('sqlite', {
        env: { FEATURE_REGISTER_WITH_ACCESS_KEYS: '1', DATABASE_URL: env.DATABASE_URL },
      });
      try {
        for (const key of keys) expect((await validate(t, { Value: key })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
