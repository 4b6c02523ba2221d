/**
 * What every API module receives: configuration, store, token service, shared rate limits and the mail
 * outbox.
 * Built once by app.ts (DESIGN.md §2).
 */
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/config.ts';
import type { Database } from './db/schema.ts';
import type { StoreDialect } from './db/database.ts';
import type { RateLimits } from './modules/rate-limits/index.ts';
import type { KeyRing } from './lib/envelope-encryption.ts';
import type { AccessTokens } from './modules/session/access-tokens.ts';
import type { SigningKey } from './modules/session/signing-keys.ts';
import type { MailOutbox } from './modules/outbound-mail/outbox.ts';
import type { DeferredWork } from './lib/deferred-work.ts';
import type { SignOuts } from './lib/sign-outs.ts';
import type { VerifiedTokens } from './modules/session/verified-tokens.ts';

export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** The key-encryption keys sealing secrets at rest (lib/envelope-encryption.ts). */
  keys: KeyRing;
  signingKey: SigningKey;
  accessTokens: AccessTokens;
  /**
   * The node's verified access tokens (modules/session/verified-tokens.ts): a change that ends or alters
   * a player's sessions calls `forgetPlayer` after it commits.
   */
  verifiedTokens: VerifiedTokens;
  /** Throttles, quotas and replay caches shared by the nodes (lib/rate-limits.ts). */
  rateLimits: RateLimits;
  /**
   * Outgoing e-mail (modules/outbound-mail/outbox.ts): queued in the transaction of the change that causes it,
   * delivered by the node's worker; nothing sends SMTP in a request.
   */
  outbox: MailOutbox;
  /** Work started by a request that its answer does not wait for (lib/deferred-work.ts). */
  deferred: DeferredWork;
  /** Modules told when a player signs out of the portal (lib/sign-outs.ts; the OpenID Provider's log-out). */
  signOuts: SignOuts;
  /** The app's logger (for work outside a request). */
  log: FastifyBaseLogger;
}
