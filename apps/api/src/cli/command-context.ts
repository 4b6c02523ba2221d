/**
 * The app context of an operator command (`src/cli/`) whose work goes through the modules' services as a
 * node's requests do — e.g. `npm run bans -- player ban`, which ends the player's sessions and so tells
 * the sign-out listeners (lib/sign-outs.ts: the OpenID Provider's back-channel log-out). Built like
 * app.ts builds a node's, on the command's store and configuration, without the node's HTTP side:
 * - the keys: the key-encryption keys and the stored token signing key (KEY_ENCRYPTION_KEYS);
 * - rate limits on PostgreSQL when the store is, in memory otherwise (a command counts nothing);
 * - mail queued in the store's outbox, sent by the nodes' workers at their next poll (no wake-up here);
 * - a logger on stderr (warnings and errors), the command's own output being on stdout;
 * - deferred work and sign-outs, which {@link runWithContext} waits for before the store closes;
 * - the verified-token cache's invalidations published on Redis when REDIS_URL is set, so that a ban
 *   reaches the running nodes at once (modules/session/verified-tokens.ts); without Redis, nothing
 *   to tell (a SQLite node's cache keeps an entry TOKEN_CACHE_MAX_AGE_SECONDS at most).
 */
import fastify from 'fastify';
import type { AppConfig } from '../config/config.ts';
import type { AppContext } from '../context.ts';
import type { Store } from '../db/database.ts';
import { createDeferredWork } from '../lib/deferred-work.ts';
import { keyRing } from '../lib/envelope-encryption.ts';
import { createSignOuts } from '../lib/sign-outs.ts';
import { enqueueMail, messageIdDomain } from '../modules/outbound-mail/index.ts';
import { createRateLimits } from '../modules/rate-limits/index.ts';
import { accessTokens } from '../modules/session/access-tokens.ts';
import { loadSigningKey } from '../modules/session/signing-keys.ts';
import { createVerifiedTokens } from '../modules/session/verified-tokens.ts';
import { connectRedis } from '../plugins/rate-limit.ts';
import { runWithStore } from './run-cli.ts';

/**
 * The context of a command on `store` with `config`.
 * @throws SealedSecretError when the stored signing key's key-encryption key is not configured
 */
export async function commandContext(store: Store, config: AppConfig): Promise<AppContext> {
  const keys = keyRing(config.keyEncryptionKeys);
  const signingKey = await loadSigningKey(store.db, config.tokenSigningKey, keys);
  const log = fastify({ logger: { level: 'warn', stream: process.stderr } }).log;
  const deferred = createDeferredWork(log);
  const domain = messageIdDomain(config.mailFrom);
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, log, config.timeouts.redisMs)
    : undefined;
  const verifiedTokens = await createVerifiedTokens({
    enabled: redis !== undefined,
    maxEntries: 1,
    maxAgeMs: 1000,
    redis,
    keyPrefix: config.redisKeyPrefix,
    log,
  });
  return {
    config,
    db: store.db,
    dialect: store.dialect,
    keys,
    signingKey,
    accessTokens: accessTokens(signingKey, config.publicUrl),
    verifiedTokens: {
      remember: (jwt, audience, verify) => verifiedTokens.remember(jwt, audience, verify),
      forgetPlayer: (idUser) => verifiedTokens.forgetPlayer(idUser),
      get active() {
        return verifiedTokens.active;
      },
      async close() {
        await verifiedTokens.close();
        redis?.disconnect();
      },
    },
    rateLimits: createRateLimits({
      ...(store.pool ? { postgres: store.pool } : {}),
      keyPrefix: config.redisKeyPrefix,
    }),
    outbox: { enqueue: (db, mail) => enqueueMail(db, mail, domain), wake: () => {} },
    deferred,
    signOuts: createSignOuts(deferred, log),
    log,
  };
}

/**
 * {@link runWithStore} with the command's app context ({@link commandContext}): `command` runs on it,
 * then its deferred work (sign-out listeners included) is waited for before the store closes.
 */
export async function runWithContext(
  command: (ctx: AppContext) => Promise<number | undefined>,
): Promise<void> {
  await runWithStore(async (store, config) => {
    const ctx = await commandContext(store, config);
    try {
      return await command(ctx);
    } finally {
      await ctx.deferred.drain();
      await ctx.verifiedTokens.close();
    }
  });
}
