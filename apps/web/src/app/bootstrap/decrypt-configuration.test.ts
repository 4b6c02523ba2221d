/** Tests of the runtime-configuration decryption (spec §1; DESIGN.md §6). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS } from '@guildgate/contracts';
import { decodeBase64Url, decryptConfigurationValue } from './decrypt-configuration.ts';
import { parseRuntimeConfiguration } from './load-configuration.ts';

// Node 24 has WebCrypto globally, like the browser.
const webcrypto = globalThis.crypto;
const subtle = webcrypto.subtle;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function encrypt(plain: string, rawKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv, 0);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

const rawKey = webcrypto.getRandomValues(new Uint8Array(32));
const keyText = toBase64Url(rawKey);

const configuration = {
  environmentName: 'local',
  isProd: false,
  frontUrl: 'http://localhost:8080/',
  accountUrl: 'http://localhost:8080/',
  mediaUrl: 'http://localhost:8080/media/',
  accountApiUrl: 'http://localhost:8080/api/',
  accountApiKey: 'web-local',
  apiKey: 'anonymous-bearer',
  captchaSiteKey: '',
  captchaScriptUrl: 'https://www.google.com/recaptcha/api.js',
  partnerSsoResendUrls: { prod: '', test: 'http://localhost:8090/partner-sso/resend-validation' },
  partnerName: '',
  registerStudioName: 'Guildgate',
  clientId: 'guildgate-portal',
  features: DEFAULT_FLAGS,
};

describe('decodeBase64Url', () => {
  it('decodes unpadded base64url', () => {
    expect(Array.from(decodeBase64Url('-_8'))).toEqual([0xfb, 0xff]);
  });
  it('rejects malformed text', () => {
    expect(() => decodeBase64Url('not base64!')).toThrow();
  });
});

describe('decryptConfigurationValue', () => {
  it('decrypts what was encrypted with the same key', async () => {
    const value = await encrypt('{"hello":"world"}', rawKey);
    await expect(decryptConfigurationValue(value, keyText, subtle)).resolves.toBe('{"hello":"world"}');
  });

  it('refuses a tampered ciphertext', async () => {
    const value = await encrypt('{"hello":"world"}', rawKey);
    const bytes = decodeBase64Url(value);
    bytes[14] = (bytes[14] ^ 0x01) & 0xff;
    await expect(decryptConfigurationValue(toBase64Url(bytes), keyText, subtle)).rejects.toThrow();
  });

  it('refuses a tampered tag', async () => {
    const value = await encrypt('{"hello":"world"}', rawKey);
    const bytes = decodeBase64Url(value);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ^ 0x80) & 0xff;
    await expect(decryptConfigurationValue(toBase64Url(bytes), keyText, subtle)).rejects.toThrow();
  });

  it('refuses another key', async () => {
    const value = await encrypt('{"hello":"world"}', rawKey);
    const otherKey = toBase64Url(webcrypto.getRandomValues(new Uint8Array(32)));
    await expect(decryptConfigurationValue(value, otherKey, subtle)).rejects.toThrow();
  });

  it('refuses when the build has no key or a key of the wrong size', async () => {
    const value = await encrypt('{}', rawKey);
    await expect(decryptConfigurationValue(value, '', subtle)).rejects.toThrow(/no key/);
    await expect(decryptConfigurationValue(value, toBase64Url(new Uint8Array(16)), subtle)).rejects.toThrow(
      /32 bytes/,
    );
  });
});

describe('parseRuntimeConfiguration', () => {
  it('accepts a plain configuration', async () => {
    const parsed = await parseRuntimeConfiguration(configuration, '', subtle);
    expect(parsed.environmentName).toBe('local');
    expect(parsed.features.newsletterSection).toBe(true);
  });

  it('decrypts and validates an encrypted configuration', async () => {
    const Value = await encrypt(JSON.stringify({ ...configuration, environmentName: 'SANDBOX' }), rawKey);
    const parsed = await parseRuntimeConfiguration({ Value }, keyText, subtle);
    expect(parsed.environmentName).toBe('SANDBOX');
    expect(parsed.accountApiUrl).toBe('http://localhost:8080/api/');
  });

  it('refuses an encrypted configuration with the wrong key', async () => {
    const Value = await encrypt(JSON.stringify(configuration), rawKey);
    const wrong = toBase64Url(webcrypto.getRandomValues(new Uint8Array(32)));
    await expect(parseRuntimeConfiguration({ Value }, wrong, subtle)).rejects.toThrow();
  });

  it('refuses a configuration that does not match the schema', async () => {
    await expect(
      parseRuntimeConfiguration({ ...configuration, environmentName: 'MARS' }, '', subtle),
    ).rejects.toThrow();
  });

  it('refuses the captcha flag without a captcha site key', async () => {
    const withCaptcha = { ...configuration, features: { ...configuration.features, enableCaptcha: true } };
    await expect(parseRuntimeConfiguration(withCaptcha, '', subtle)).rejects.toThrow(/captcha site key/);
    const parsed = await parseRuntimeConfiguration(
      { ...withCaptcha, captchaSiteKey: 'site-key' },
      '',
      subtle,
    );
    expect(parsed.features.enableCaptcha).toBe(true);
  });
});
