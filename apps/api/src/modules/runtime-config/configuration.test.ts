/**
 * The runtime configuration served to the SPA (spec §1; DESIGN.md §6): its fields, and its AES-256-GCM
 * encryption (iv | ciphertext | tag, base64url), checked by decrypting with node:crypto.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigurationSchema } from '@guildgate/contracts';
import { loadConfig } from '../../config/config.ts';
import { encryptConfiguration, runtimeConfiguration } from './configuration.ts';
import { decryptConfigurationValue as decrypt } from '../../test/decrypt-configuration.ts';

describe('runtimeConfiguration', () => {
  it('carries every configuration field of spec §1, valid against the contract', () => {
    const config = loadConfig({
      PORTAL_ENVIRONMENT: 'FOCUS',
      PUBLIC_URL: 'https://account.example.com',
      FRONT_URL: 'https://community.example.com',
      PARTNER_NAME: 'focus',
      FEATURE_ENABLE_CAPTCHA: '1',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET_KEY: 'secret-key',
    });
    const served = RuntimeConfigurationSchema.parse(runtimeConfiguration(config));
    expect(served).toMatchObject({
      environmentName: 'FOCUS',
      frontUrl: 'https://community.example.com',
      accountUrl: 'https://account.example.com',
      accountApiUrl: 'https://account.example.com/api/',
      partnerName: 'focus',
    });
    expect(served.features.enableCaptcha).toBe(true);
    expect(served.captchaScriptUrl).toBe('https://www.google.com/recaptcha/api.js');
  });

  it('holds no server secret', () => {
    const key = JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d: 'secret-d', x: 'x' });
    const config = loadConfig({
      TOKEN_SIGNING_KEY: key,
      DATABASE_URL: 'postgres://u:pw@db/x',
      SMTP_URL: 'smtp://u:pw@mail',
      FEATURE_ENABLE_CAPTCHA: '1',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET_KEY: 'captcha-secret',
    });
    const text = JSON.stringify(runtimeConfiguration(config));
    for (const secret of ['secret-d', 'pw@', 'postgres://', 'smtp://', 'captcha-secret'])
      expect(text).not.toContain(secret);
  });
});

describe('encryptConfiguration', () => {
  const key = randomBytes(32).toString('base64url');

  it('round-trips with the same key, with a fresh iv each time', () => {
    const plain = JSON.stringify({ environmentName: 'local' });
    const a = encryptConfiguration(plain, key);
    const b = encryptConfiguration(plain, key);
    expect(decrypt(a.Value, key)).toBe(plain);
    expect(a.Value).not.toBe(b.Value);
  });

  it('cannot be read with another key, nor once tampered with', () => {
    const { Value } = encryptConfiguration('{"a":1}', key);
    expect(() => decrypt(Value, randomBytes(32).toString('base64url'))).toThrow();
    const raw = Buffer.from(Value, 'base64url');
    raw[14] = raw[14] ^ 0x01;
    expect(() => decrypt(raw.toString('base64url'), key)).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptConfiguration('{}', randomBytes(16).toString('base64url'))).toThrow(/32 bytes/);
  });
});
