/**
 * The app context of an operator command (`src/cli/`) whose work goes through the modules' services as a
 * node's requests do — e.g. `npm run bans -- player ban`, which ends the player's sessions and so tells
 * the sign-out listeners (lib/sign-outs.ts: the OpenID Provider's back-channel log-out). Built like
 * app.ts builds a node's, on the command's store and configuration, without the node's HTTP side:
 * - the keys: the key-encryption keys and the stored token signing key (KEY_ENCRYPTION_KEYS);
 * - rate limits on PostgreSQL when the store is, in memory otherwise (a command counts nothing);
 * - mail queued in the store's outbox, sent by the nodes' workers at their next poll (no wake-up here);
 * - a logger on stderr (warnings and errors), the command's own output being on stdout;
 * - deferred work and sign-outs, which {@link runWithContext} waits for before the store closes.
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
  return {
    config,
    db: store.db,
    dialect: store.dialect,
    keys,
    signingKey,
    accessTokens: accessTokens(signingKey, config.publicUrl),
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
    }
  });
}
