/**
 * The token signing key at rest (modules/session/signing-keys.ts; issue 18 §2; docs/operations.md
 * "Keys"): sealed under the key-encryption keys in the store, never in plain text; a key stored in plain
 * text by an older version is sealed when a node loads it; a rotation of the key-encryption key keeps
 * the same signing key. The OpenID Provider's RS256 key (migration 0017) is kept the same way, beside it.
 * On every store; the operator command and a refused start on SQLite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRing, SealedSecretError } from '../../lib/envelope-encryption.ts';
import { STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { freePort, spawnNode, waitForHealth } from '../../test/node-process.ts';
import {
  describeSigningKeys,
  loadIdTokenSigningKeys,
  loadSigningKey,
  rewrapSigningKeys,
  rotateIdTokenSigningKey,
  signingKeyContext,
  signingKeysByKek,
} from './signing-keys.ts';

const OLD = `old:${Buffer.alloc(32, 1).toString('base64url')}`;
const NEW = `new:${Buffer.alloc(32, 2).toString('base64url')}`;
const ring = (value: string) =>
  keyRing(
    value
      .split(',')
      .map((entry) => ({ id: entry.split(':')[0], key: Buffer.from(entry.split(':')[1], 'base64url') })),
  );

describe.each(STORES)('the signing key at rest (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { KEY_ENCRYPTION_KEYS: OLD } });
  });
  afterAll(() => t.close());

  /** The access tokens' EdDSA key's row. */
  const row = () =>
    t.ctx.db.selectFrom('signing_keys').selectAll().where('alg', '=', 'EdDSA').executeTakeFirstOrThrow();

  it('is sealed under the first key-encryption key, with no private key material in the row', async () => {
    const { kid, private_jwk } = await row();
    expect(kid).toBe(t.ctx.signingKey.kid);
    expect(private_jwk).toMatch(/^gge1:old:/);
    expect(private_jwk).not.toContain('"d"');
    const jwk = JSON.parse(ring(OLD).open(private_jwk, signingKeyContext(kid))) as { d?: string; x?: string };
    expect(jwk.d).toMatch(/^[\w-]{43}$/);
    expect(jwk.x).toBe(t.ctx.signingKey.publicJwk.x);
    // The OpenID Provider's RS256 key, sealed the same way.
    const rows = await t.ctx.db.selectFrom('signing_keys').select(['alg', 'private_jwk']).execute();
    expect(rows.map((r) => r.alg).sort()).toEqual(['EdDSA', 'RS256']);
    for (const { private_jwk: sealed } of rows) {
      expect(sealed).toMatch(/^gge1:old:/);
      expect(sealed).not.toContain('"d"');
    }
  });

  it('does not open without its key-encryption key', async () => {
    await expect(loadSigningKey(t.ctx.db, undefined, ring(NEW))).rejects.toThrow(SealedSecretError);
  });

  it('keeps the same signing key through a rotation of the key-encryption key', async () => {
    const both = ring(`${NEW},${OLD}`);
    expect((await loadSigningKey(t.ctx.db, undefined, both)).publicJwk).toEqual(t.ctx.signingKey.publicJwk);
    // Both keys (EdDSA and the OpenID Provider's RS256) are re-wrapped.
    expect(await rewrapSigningKeys(t.ctx.db, both)).toBe(2);
    expect(await rewrapSigningKeys(t.ctx.db, both)).toBe(0);
    expect(await signingKeysByKek(t.ctx.db, both)).toEqual({ new: 2 });
    // The old key-encryption key can go: tokens signed before still verify with the same key.
    const after = await loadSigningKey(t.ctx.db, undefined, ring(NEW));
    expect(after.publicJwk).toEqual(t.ctx.signingKey.publicJwk);
  });

  it('seals a key an older version stored in plain text when a node loads it', async () => {
    const { kid, private_jwk } = await row();
    const plain = ring(NEW).open(private_jwk, signingKeyContext(kid));
    await t.ctx.db.updateTable('signing_keys').set({ private_jwk: plain }).where('kid', '=', kid).execute();
    expect(await signingKeysByKek(t.ctx.db, ring(NEW))).toEqual({ 'plain text': 1, new: 1 });
    const loaded = await loadSigningKey(t.ctx.db, undefined, ring(NEW));
    expect(loaded.publicJwk).toEqual(t.ctx.signingKey.publicJwk);
    expect((await row()).private_jwk).toMatch(/^gge1:new:/);
  });
});

describe.each(STORES)("the OpenID Provider's RS256 key rotation (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('announces a new key before it signs, and keeps the old one published until its tokens expired', async () => {
    const ring = t.ctx.keys;
    const start = Date.now();
    const before = await loadIdTokenSigningKeys(t.ctx.db, ring, start);
    expect(before.keys.map((key) => key.kid)).toEqual([before.signingKid]);
    expect(before.nextChange).toBeNull();
    const old = before.signingKid;
    const HOUR = 3600;
    const rotation = await rotateIdTokenSigningKey(
      t.ctx.db,
      ring,
      { announceSeconds: 2 * HOUR, keepSeconds: 5 * HOUR },
      start,
    );
    expect(rotation.activatesAt).toBe(new Date(start + 2 * HOUR * 1000).toISOString());
    expect(rotation.previousRetireAt).toBe(new Date(start + 7 * HOUR * 1000).toISOString());
    const at = (hours: number) => loadIdTokenSigningKeys(t.ctx.db, ring, start + hours * HOUR * 1000);

    // Announced: published after the signing key, not signing yet.
    const announced = await at(1);
    expect(announced.keys.map((key) => key.kid)).toEqual([old, rotation.kid]);
    expect(announced.signingKid).toBe(old);
    expect(announced.nextChange).toBe(Date.parse(rotation.activatesAt));
    // Active: the new key signs, the old one still verifies.
    const active = await at(3);
    expect(active.keys.map((key) => key.kid)).toEqual([rotation.kid, old]);
    expect(active.nextChange).toBe(Date.parse(rotation.previousRetireAt));
    // Retired: only the new key is left.
    const retired = await at(8);
    expect(retired.keys.map((key) => key.kid)).toEqual([rotation.kid]);
    expect(retired.nextChange).toBeNull();
    for (const key of retired.keys) expect(key).toMatchObject({ alg: 'RS256', use: 'sig', kty: 'RSA' });

    expect(
      (await describeSigningKeys(t.ctx.db, ring, start + HOUR * 1000)).map((key) => [key.alg, key.state]),
    ).toEqual([
      ['EdDSA', 'signing'],
      ['RS256', 'signing'],
      ['RS256', 'announced'],
    ]);
    expect(
      (await describeSigningKeys(t.ctx.db, ring, start + 8 * HOUR * 1000)).map((key) => key.state),
    ).toEqual(['signing', 'retired', 'signing']);
    // The next rotation deletes the retired key.
    await rotateIdTokenSigningKey(
      t.ctx.db,
      ring,
      { announceSeconds: 0, keepSeconds: HOUR },
      start + 8 * HOUR * 1000,
    );
    const kids = await t.ctx.db.selectFrom('signing_keys').select('kid').where('alg', '=', 'RS256').execute();
    expect(kids.map((row) => row.kid)).not.toContain(old);
    await expect(
      rotateIdTokenSigningKey(t.ctx.db, ring, { announceSeconds: -1, keepSeconds: 0 }),
    ).rejects.toThrow(RangeError);
  });
});

describe('npm run signing-keys', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-signing-keys-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const cli = path.resolve(import.meta.dirname, '../../cli/signing-keys-cli.ts');
  const run = (args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${path.join(folder, 'store.sqlite')}` },
      encoding: 'utf8',
    });
  const states = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .filter((line) => line.includes('\t'))
      .map((line) => line.split('\t'));

  it('rotates the RS256 key and lists every key with its state, never a private part', () => {
    const first = run(['rotate', '--announce-hours', '0', '--keep-hours', '1']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^new RS256 key [\w-]+: signs from /);
    const second = run(['rotate', '--announce-hours', '2', '--keep-hours', '3']);
    expect(second.status, second.stderr).toBe(0);
    const listed = run(['list']);
    expect(listed.status).toBe(0);
    expect(states(listed.stdout).map((line) => [line[1], line[5]])).toEqual([
      ['RS256', 'signing'],
      ['RS256', 'announced'],
    ]);
    expect(listed.stdout).not.toMatch(/"d"|gge1:/);
    expect(run(['rotate', '--announce-hours', 'soon']).status).toBe(2);
    expect(run(['list', 'extra']).status).toBe(2);
    expect(run(['bogus']).status).toBe(2);
  });
});

describe('npm run keys, and a node without the key-encryption key', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-keys-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const cli = path.resolve(import.meta.dirname, '../../cli/keys-cli.ts');
  const database = `sqlite:${path.join(folder, 'store.sqlite')}`;
  const keys = (args: string[], kek: string) =>
    spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: database, KEY_ENCRYPTION_KEYS: kek },
      encoding: 'utf8',
    });

  it('generates a key the configuration takes, rotates with rewrap, and a node refuses a key it lacks', async () => {
    const generated = keys(['generate', '2026-12'], '');
    expect(generated.status).toBe(0);
    const entry = generated.stdout.trim();
    expect(entry).toMatch(/^2026-12:[\w-]{43}$/);

    // A node creates its signing key under OLD…
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database, LOG_LEVEL: 'warn' };
    const first = spawnNode({ ...env, KEY_ENCRYPTION_KEYS: OLD });
    await waitForHealth(first, `http://127.0.0.1:${port}`);
    await first.stop();
    // Its EdDSA key and the OpenID Provider's RS256 key.
    expect(keys(['status'], OLD).stdout).toContain('{"old":2}');

    // …a node given only the new key refuses to start, naming the missing one…
    const refused = spawnNode({ ...env, KEY_ENCRYPTION_KEYS: entry });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('Cannot open the stored token signing key');
    expect(refused.output()).toContain('"old"');

    // …until rewrap has moved the secrets to it.
    const rewrap = keys(['rewrap'], `${entry},${OLD}`);
    expect([rewrap.status, rewrap.stdout]).toEqual([
      0,
      expect.stringContaining('re-wrapped under "2026-12": 2'),
    ]);
    const second = spawnNode({ ...env, KEY_ENCRYPTION_KEYS: entry });
    await waitForHealth(second, `http://127.0.0.1:${port}`);
    await second.stop();
    expect(keys(['bogus'], '').status).toBe(2);
  });
});
