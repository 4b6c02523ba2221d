/** A safe production configuration for the production-mode tests (config/production.ts). */

/** A production configuration with nothing unsafe in it (the keys are examples, not secrets). */
export const SAFE_PRODUCTION_ENV: Readonly<Record<string, string>> = {
  PORTAL_ENVIRONMENT: 'prod',
  IS_PROD: '1',
  PUBLIC_URL: 'https://account.studio.example',
  FRONT_URL: 'https://www.studio.example',
  API_KEYS: 'web-9f2c61d4b8a0e7c3',
  ANONYMOUS_BEARER: 'anonymous-4b7e0c9a1d2f3e58',
  SMTP_URL: 'smtps://mailer:relay-password@smtp.studio.example:465',
  KEY_ENCRYPTION_KEYS: `2026-11:${Buffer.alloc(32, 7).toString('base64url')}`,
  OIDC_COOKIE_KEYS: Buffer.alloc(32, 8).toString('base64url'),
};
