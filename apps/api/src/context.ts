/**
 * What every API module receives: configuration, store, token service, shared rate limits and mailer.
 * Built once by app.ts (DESIGN.md §2).
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config.ts';
import type { Database } from './db/schema.ts';
import type { StoreDialect } from './db/database.ts';
import type { RateLimits } from './lib/rate-limits.ts';
import type { KeyRing } from './lib/envelope-encryption.ts';
import type { AccessTokens } from './modules/session/access-tokens.ts';
import type { SigningKey } from './modules/session/signing-keys.ts';
import type { Mailer } from './modules/mail/mailer.ts';

export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** The key-encryption keys sealing secrets at rest (lib/envelope-encryption.ts). */
  keys: KeyRing;
  signingKey: SigningKey;
  accessTokens: AccessTokens;
  /** Throttles, quotas and replay caches shared by the nodes (lib/rate-limits.ts). */
  rateLimits: RateLimits;
  mailer: Mailer;
  /** The app's logger (for work outside a request). */
  log: FastifyBaseLogger;
}
