/**
 * Production mode (config/production.ts; docs/operations.md "Production"): a production node refuses to
 * start on every unsafe setting, naming each; a safe configuration starts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { isLoopbackHost, isPublishedSecret } from './production.ts';
import { SAFE_PRODUCTION_ENV } from '../test/production-env.ts';

/** The message of the ConfigError `run` throws ('' when it throws none). */
function refusal(run: () => unknown): string {
  try {
    run();
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

describe('production mode', () => {
  it('is on with IS_PROD, in prod and preprod, and with the production entry; off in development mode', () => {
    const safe = { ...SAFE_PRODUCTION_ENV, PORTAL_ENVIRONMENT: 'local', IS_PROD: '0' };
    expect(loadConfig(safe).productionMode).toBe(false);
    expect(loadConfig({ ...safe, IS_PROD: '1' }).productionMode).toBe(true);
    expect(loadConfig({ ...safe, PORTAL_ENVIRONMENT: 'prod' }).productionMode).toBe(true);
    expect(loadConfig({ ...safe, PORTAL_ENVIRONMENT: 'preprod' }).productionMode).toBe(true);
    expect(loadConfig({ ...safe, PORTAL_ENVIRONMENT: 'TWO-POINT-STUDIOS' }).productionMode).toBe(false);
    expect(loadConfig(safe, {}, { entry: 'production' }).productionMode).toBe(true);
    expect(loadConfig({ PORTAL_ENVIRONMENT: 'prod', DEVELOPMENT_MODE: '1' }).productionMode).toBe(false);
  });

  it('starts with a safe configuration, and the sandbox stands in for nothing', () => {
    const config = loadConfig(SAFE_PRODUCTION_ENV, {}, { entry: 'production' });
    expect(config.productionMode).toBe(true);
    expect(config.partnerSsoResendUrls.test).toBe('');
    expect(config.keyEncryptionKeys.map((key) => key.id)).toEqual(['2026-11']);
  });

  it("refuses today's npm start defaults with one message listing every problem", () => {
    const message = refusal(() => loadConfig({ PORTAL_ENVIRONMENT: 'prod', IS_PROD: '1', SEED_DEMO: '1' }));
    expect(message).toMatch(/^Refusing to start in production mode/);
    for (const variable of [
      'PUBLIC_URL: must be https',
      'SEED_DEMO:',
      'API_KEYS: "guildgate-local-web-key" is a published development key',
      'ANONYMOUS_BEARER:',
      'SMTP_URL:',
      'KEY_ENCRYPTION_KEYS: must be set',
      'OIDC_COOKIE_KEYS: must be set',
      'FRONT_URL: must be set',
    ])
      expect(message).toContain(variable);
  });

  it('refuses a node without a community website (FRONT_URL), whose links would end on Not found', () => {
    const { FRONT_URL: _unset, ...withoutFrontUrl } = SAFE_PRODUCTION_ENV;
    const message = refusal(() => loadConfig(withoutFrontUrl, {}, { entry: 'production' }));
    expect(message).toContain('FRONT_URL: must be set to the community website');
  });

  it('refuses passkey origins that are not https', () => {
    const env = {
      ...SAFE_PRODUCTION_ENV,
      WEBAUTHN_RP_ID: 'example.com',
      WEBAUTHN_ORIGINS: 'https://accounts.example.com,http://play.example.com',
    };
    const message = refusal(() => loadConfig(env, {}, { entry: 'production' }));
    expect(message).toContain('WEBAUTHN_ORIGINS: must be https (is http://play.example.com)');
  });

  const sandbox = 'http://localhost:8090';
  it.each([
    ['an http public URL', { PUBLIC_URL: 'http://account.studio.example' }, 'PUBLIC_URL: must be https'],
    ['a loopback public URL', { PUBLIC_URL: 'https://127.0.0.1' }, 'PUBLIC_URL: points at this machine'],
    ['the demo data', { SEED_DEMO: '1' }, 'SEED_DEMO:'],
    ['the default API key', { API_KEYS: '' }, 'API_KEYS: must be set'],
    ['a published API key', { API_KEYS: 'test-web-key' }, 'API_KEYS: "test-web-key"'],
    ['the default anonymous bearer', { ANONYMOUS_BEARER: '' }, 'ANONYMOUS_BEARER:'],
    ['the sandbox SMTP', { SMTP_URL: 'smtp://127.0.0.1:2525' }, 'SMTP_URL:'],
    ['no SMTP relay', { SMTP_URL: '' }, 'SMTP_URL:'],
    ['no key-encryption key', { KEY_ENCRYPTION_KEYS: '' }, 'KEY_ENCRYPTION_KEYS: must be set'],
    ['no OpenID Provider cookie key', { OIDC_COOKIE_KEYS: '' }, 'OIDC_COOKIE_KEYS: must be set'],
    [
      'a published OpenID Provider cookie key',
      { OIDC_COOKIE_KEYS: 'guildgate-local-oidc-cookie-key' },
      'OIDC_COOKIE_KEYS: "guildgate-local-oidc-cookie-key" is a published development key',
    ],
    ['a short OpenID Provider cookie key', { OIDC_COOKIE_KEYS: 'short' }, 'OIDC_COOKIE_KEYS: each key'],
    [
      'the development key id',
      { KEY_ENCRYPTION_KEYS: `development:${Buffer.alloc(32, 1).toString('base64url')}` },
      'KEY_ENCRYPTION_KEYS: the key id "development"',
    ],
    [
      "the sandbox's captcha",
      {
        CAPTCHA_SITE_KEY: 'guildgate-local-site-key',
        CAPTCHA_SECRET_KEY: 'guildgate-local-secret-key',
        CAPTCHA_VERIFY_URL: `${sandbox}/recaptcha/api/siteverify`,
      },
      'CAPTCHA_SECRET_KEY: is a published development secret',
    ],
    [
      "the sandbox's Steam",
      { STEAM_API_KEY: 'a-real-looking-key', STEAM_OPENID_URL: `${sandbox}/steam/openid` },
      'STEAM_OPENID_URL: must be https',
    ],
    [
      'a loopback Twitch issuer',
      { TWITCH_CLIENT_ID: 'client', TWITCH_ISSUER: 'https://localhost/twitch' },
      'TWITCH_ISSUER: points at this machine',
    ],
    [
      "the sandbox's Epic Games secret",
      { EPIC_GAMES_CLIENT_ID: 'client', EPIC_GAMES_CLIENT_SECRET: 'guildgate-local-epic-secret' },
      'EPIC_GAMES_CLIENT_SECRET: is a published development secret',
    ],
    [
      "the sandbox's partner studio sign-on",
      { FOCUS_CLIENT_ID: 'client', FOCUS_ISSUER: `${sandbox}/partner-idp/focus` },
      'FOCUS_ISSUER: must be https',
    ],
    [
      'the sandbox e-mail check',
      { EMAIL_CHECK_URL: `${sandbox}/email-check` },
      'EMAIL_CHECK_URL: must be https',
    ],
    [
      'a sandbox published over https',
      { SANDBOX_URL: 'https://sandbox.studio.example', EMAIL_CHECK_URL: 'https://sandbox.studio.example/x' },
      'EMAIL_CHECK_URL: points at the sandbox',
    ],
    [
      'the production entry in development mode',
      { DEVELOPMENT_MODE: '1' },
      'DEVELOPMENT_MODE: development mode is refused by the production entry',
    ],
  ])('refuses %s', (_name, change, expected) => {
    const message = refusal(() =>
      loadConfig({ ...SAFE_PRODUCTION_ENV, ...change }, {}, { entry: 'production' }),
    );
    expect(message).toContain(expected);
  });

  it('reads KEY_ENCRYPTION_KEYS as id:key pairs of 32 bytes and refuses anything else', () => {
    const key = (byte: number) => Buffer.alloc(32, byte).toString('base64url');
    const config = loadConfig({ KEY_ENCRYPTION_KEYS: `new:${key(2)}, old:${key(1)}` });
    expect(config.keyEncryptionKeys.map(({ id, key: bytes }) => [id, bytes[0]])).toEqual([
      ['new', 2],
      ['old', 1],
    ]);
    expect(refusal(() => loadConfig({ KEY_ENCRYPTION_KEYS: 'short:abc' }))).toContain('KEY_ENCRYPTION_KEYS');
    expect(refusal(() => loadConfig({ KEY_ENCRYPTION_KEYS: `a:${key(1)},a:${key(2)}` }))).toContain(
      'given twice',
    );
  });

  it('knows loopback hosts and published secrets', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.8.9.1', '[::1]', '0.0.0.0'])
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ['studio.example', '10.0.0.1', 'localhost.studio.example'])
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
    expect(isPublishedSecret('guildgate-e2e-twitch-secret')).toBe(true);
    expect(isPublishedSecret('sandbox-partner-secret')).toBe(true);
    expect(isPublishedSecret('7hQm2c')).toBe(false);
  });

  it('accepts deploy/production.env.example once its placeholders are filled, and refuses it before', () => {
    const file = path.resolve(import.meta.dirname, '../../../../deploy/production.env.example');
    const example = Object.fromEntries(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(example)).toEqual(
      expect.arrayContaining([
        'PUBLIC_URL',
        'DATABASE_URL',
        'SMTP_URL',
        'KEY_ENCRYPTION_KEYS',
        'MANAGEMENT_PORT',
      ]),
    );
    // As it is: refused (the URLs and the key do not even parse).
    expect(refusal(() => loadConfig(example, {}, { entry: 'production' }))).toMatch(
      /PUBLIC_URL[\s\S]*KEY_ENCRYPTION_KEYS/,
    );
    let n = 0;
    const fill = (names: (name: string) => boolean) =>
      Object.fromEntries(
        Object.entries(example).map(([name, value]) => [
          name,
          !names(name)
            ? value
            : name === 'KEY_ENCRYPTION_KEYS'
              ? `2026-11:${Buffer.alloc(32, 9).toString('base64url')}`
              : name === 'OIDC_COOKIE_KEYS'
                ? Buffer.alloc(32, 10).toString('base64')
                : value.replace(/<[^<>@]*>/g, () => `filled${++n}`),
        ]),
      );
    // The URLs and the key filled, the secrets not: each one named.
    const partly = fill(
      (name) => /_URL$|^KEY_ENCRYPTION_KEYS$/.test(name) && !/^(DATABASE|REDIS|SMTP)_URL$/.test(name),
    );
    const unfilled = refusal(() => loadConfig(partly, {}, { entry: 'production' }));
    for (const variable of [
      'API_KEYS',
      'ANONYMOUS_BEARER',
      'SMTP_URL',
      'DATABASE_URL',
      'MAIL_FROM',
      'STEAM_API_KEY',
      'OIDC_COOKIE_KEYS',
    ])
      expect(unfilled).toContain(`${variable}: still holds a <…> placeholder`);

    const filled = fill(() => true);
    const config = loadConfig(filled, {}, { entry: 'production' });
    expect(config).toMatchObject({ productionMode: true, management: { port: 9090, host: '0.0.0.0' } });
  });
});
