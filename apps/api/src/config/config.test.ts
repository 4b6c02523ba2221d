/** Configuration from the environment (DESIGN.md §8; spec §1 environments and flags). */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, FEATURE_FLAGS } from '@guildgate/contracts';
import { ConfigError, flagVariable, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      environment: 'local',
      smtpUrl: 'smtp://127.0.0.1:2525',
      redisUrl: undefined,
      seedDemo: false,
      accessTokenTtlSeconds: 900,
      sessionTtlDays: 30,
    });
    expect(config.databaseUrl).toMatch(/^sqlite:.*data\/guildgate\.sqlite$/);
    expect(config.features).toEqual({
      customCookieManagement: false,
      registerWithAccessKeys: false,
      enableCaptcha: false,
      connectionsSection: true,
      newsletterSection: true,
      deletionSection: true,
      bypassPartnerRegisterPage: false,
      tagManager: false,
      epicAlternativeRedeemerFlow: false,
      securitySessions: true,
      securityActivity: true,
      dataExport: true,
      securityAlerts: true,
      breachedPasswordCheck: true,
      authenticatorApp: true,
      passkeys: true,
    });
    expect(config.webauthn).toEqual({ rpId: 'localhost', origins: ['http://localhost:8080'] });
  });

  it("takes the passkeys' relying party from PUBLIC_URL, or sets it, and refuses an origin outside it", () => {
    const portal = { PUBLIC_URL: 'https://play.studio.example/accounts', FRONT_URL: 'https://www.example' };
    expect(loadConfig(portal).webauthn).toEqual({
      rpId: 'play.studio.example',
      origins: ['https://play.studio.example'],
    });
    const set = loadConfig({
      WEBAUTHN_RP_ID: 'Studio.example',
      WEBAUTHN_ORIGINS: 'https://play.studio.example/,https://studio.example',
    }).webauthn;
    expect(set).toEqual({
      rpId: 'studio.example',
      origins: ['https://play.studio.example', 'https://studio.example'],
    });
    expect(() =>
      loadConfig({ WEBAUTHN_RP_ID: 'studio.example', WEBAUTHN_ORIGINS: 'https://evilstudio.example' }),
    ).toThrow(/WEBAUTHN_ORIGINS: https:\/\/evilstudio\.example not on the RP ID studio\.example/);
  });

  it.each(ENVIRONMENTS)(
    'accepts PORTAL_ENVIRONMENT=%s (prod and preprod in development mode)',
    (environment) => {
      // prod and preprod are production mode, refused with the defaults (config/production.test.ts).
      expect(loadConfig({ PORTAL_ENVIRONMENT: environment, DEVELOPMENT_MODE: '1' }).environment).toBe(
        environment,
      );
    },
  );

  it('names every flag variable FEATURE_<UPPER_SNAKE> and reads each one', () => {
    expect(flagVariable('customCookieManagement')).toBe('FEATURE_CUSTOM_COOKIE_MANAGEMENT');
    expect(flagVariable('epicAlternativeRedeemerFlow')).toBe('FEATURE_EPIC_ALTERNATIVE_REDEEMER_FLOW');
    for (const flag of FEATURE_FLAGS) {
      const on = loadConfig({
        [flagVariable(flag)]: 'on',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET_KEY: 'secret-key',
      }).features[flag];
      const off = loadConfig({ [flagVariable(flag)]: '0' }).features[flag];
      expect([flag, on, off]).toEqual([flag, true, false]);
    }
  });

  it('trims a trailing slash of PUBLIC_URL and derives the front and media URLs from it', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://account.example.com/' });
    expect(config.publicUrl).toBe('https://account.example.com');
    expect(config.frontUrl).toBe('https://account.example.com');
    expect(config.mediaUrl).toBe('https://account.example.com');
  });

  it('derives PUBLIC_URL, and with it the front, media and API addresses, from PORT when it is unset', () => {
    const config = loadConfig({ PORT: '9081' });
    expect(config.port).toBe(9081);
    expect(config.publicUrl).toBe('http://localhost:9081');
    expect(config.frontUrl).toBe('http://localhost:9081');
    expect(config.mediaUrl).toBe('http://localhost:9081');
    // A PUBLIC_URL given (a proxy in front) wins over the port.
    expect(loadConfig({ PORT: '9081', PUBLIC_URL: 'https://account.example.com' }).publicUrl).toBe(
      'https://account.example.com',
    );
  });

  it('splits comma-separated lists', () => {
    const config = loadConfig({ API_KEYS: 'a, b,,c', EMAIL_UNAUTHORIZED_DOMAINS: 'Example.COM' });
    expect(config.apiKeys).toEqual(['a', 'b', 'c']);
    expect(config.emailUnauthorizedDomains).toEqual(['example.com']);
  });

  it('refuses an API_KEYS list without a key (the SPA is given the first)', () => {
    expect(() => loadConfig({ API_KEYS: ',' })).toThrow(/API_KEYS/);
    expect(() => loadConfig({ API_KEYS: ' , ,' })).toThrow(/API_KEYS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', PORTAL_ENVIRONMENT: '' })).toMatchObject({
      port: 8080,
      environment: 'local',
    });
  });

  it('refuses bad values with one message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORTAL_ENVIRONMENT: 'moon',
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        FEATURE_TAG_MANAGER: 'maybe',
        ANONYMOUS_BEARER: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PORTAL_ENVIRONMENT',
      'PORT',
      'PUBLIC_URL',
      'FEATURE_TAG_MANAGER',
      'ANONYMOUS_BEARER',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('refuses the captcha flag without a site key or a secret (spec §4: the captcha runs with them)', () => {
    expect(() => loadConfig({ FEATURE_ENABLE_CAPTCHA: '1', CAPTCHA_SECRET_KEY: 's' })).toThrow(
      /FEATURE_ENABLE_CAPTCHA: the captcha needs CAPTCHA_SITE_KEY/,
    );
    expect(() => loadConfig({ FEATURE_ENABLE_CAPTCHA: '1', CAPTCHA_SITE_KEY: 'k' })).toThrow(
      /FEATURE_ENABLE_CAPTCHA: the captcha needs CAPTCHA_SECRET_KEY/,
    );
    const config = loadConfig({
      FEATURE_ENABLE_CAPTCHA: '1',
      CAPTCHA_SITE_KEY: 'k',
      CAPTCHA_SECRET_KEY: 's',
    });
    expect(config.features.enableCaptcha).toBe(true);
    expect(config.captcha).toEqual({
      secretKey: 's',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
      verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
      minScore: 0.5,
    });
    expect(() => loadConfig({ CAPTCHA_MIN_SCORE: '1.5' })).toThrow(/CAPTCHA_MIN_SCORE/);
  });
});

describe('dependency time limits and load shedding (issue 18)', () => {
  it('has defaults, reads each variable and refuses values out of range', () => {
    expect(loadConfig({})).toMatchObject({
      timeouts: {
        databaseConnectMs: 3000,
        databaseStatementMs: 15_000,
        databaseIdleInTransactionMs: 60_000,
        redisMs: 1000,
      },
      pressure: {
        maxEventLoopDelayMs: 1000,
        maxEventLoopUtilization: 0,
        maxHeapUsedBytes: 0,
        maxRssBytes: 0,
      },
    });
    const config = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000',
      REDIS_TIMEOUT_MS: '250',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.98',
      PRESSURE_MAX_HEAP_USED_BYTES: '1000000000',
      PRESSURE_MAX_RSS_BYTES: '2000000000',
    });
    expect(config.timeouts).toEqual({
      databaseConnectMs: 500,
      databaseStatementMs: 2000,
      databaseIdleInTransactionMs: 5000,
      redisMs: 250,
    });
    expect(config.pressure).toEqual({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0.98,
      maxHeapUsedBytes: 1_000_000_000,
      maxRssBytes: 2_000_000_000,
    });
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '10' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ REDIS_TIMEOUT_MS: 'soon' })).toThrow(/REDIS_TIMEOUT_MS/);
    expect(() => loadConfig({ PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /PRESSURE_MAX_EVENT_LOOP_UTILIZATION/,
    );
  });
});
