/**
 * The node's cache of verified access tokens (issue 23 §2 P2; DESIGN.md §5): a token whose signature,
 * claims, session and player checked out (authentication.ts) is remembered until the first of its
 * expiry, its session's end and `maxAgeMs`, so that GET token/verify and the bearer guard of every
 * player call answer a token they saw before without a signature check or a query.
 *
 * Revocation is pushed, never waited for:
 * - the change that ends or alters what a token says (log-out, a session signed out, a password or
 *   e-mail change, a ban, a username change, a re-authentication, an erasure) calls
 *   {@link VerifiedTokens.forgetPlayer} after its transaction committed, before it answers;
 * - that drops the player's entries on this node at once and publishes the player's id on the Redis
 *   channel `<REDIS_KEY_PREFIX>verified-tokens`; every node subscribes and drops them too. Redis writes
 *   the message to every subscriber before it answers the PUBLISH, and the revoking call answers only
 *   after that, so a request sent to another node after the revocation's answer finds the message
 *   there before it (the two-node test, verified-tokens.test.ts);
 * - a verification that began before an invalidation is not remembered (a generation counter), so a
 *   read of the state before a commit never outlives the invalidation that follows it;
 * - while this node's subscription is down (Redis unreachable, reconnecting) the cache is off and
 *   emptied: it comes back empty once subscribed again, so a message missed meanwhile costs nothing.
 *   Without Redis the cache serves a SQLite node (one node per store) and is off for PostgreSQL, whose
 *   nodes could not tell each other.
 *
 * `maxAgeMs` (TOKEN_CACHE_MAX_AGE_SECONDS) bounds what a lost message could cost: a revocation made
 * outside a node (the bans command of a SQLite deployment without Redis) applies within that time.
 */
import { hash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthInfo } from './authentication.ts';

/** What a verified token says: its holder, and what GET token/verify answers of them. */
export interface VerifiedToken extends AuthInfo {
  /** The player's username (GET token/verify's `Username`). */
  username: string;
  /** When the token's session ends, ms since the epoch (the entry never outlives it). */
  sessionExpiresAtMs: number;
}

/** A node's verified-token cache (`AppContext.verifiedTokens`). */
export interface VerifiedTokens {
  /**
   * The verification of `jwt` for `audience`: the remembered one, or `verify()`'s, remembered when it
   * is a holder and no invalidation happened while it ran.
   */
  remember(
    jwt: string,
    audience: string,
    verify: () => Promise<VerifiedToken | null>,
  ): Promise<VerifiedToken | null>;
  /**
   * Drops every remembered token of player `idUser` (public `Id_User`) on this node and on every node
   * subscribed. Call after the change committed and before answering. Never throws: a failed publish is
   * logged (the other nodes' entries then end within `maxAgeMs`).
   */
  forgetPlayer(idUser: string): Promise<void>;
  /** Whether the cache serves now (false while the subscription is down, or when off). */
  readonly active: boolean;
  /** Stops the subscription. */
  close(): Promise<void>;
}

/** Options of {@link createVerifiedTokens}. */
export interface VerifiedTokensOptions {
  /** Off: every call verifies (TOKEN_CACHE_MAX_ENTRIES=0, or PostgreSQL without Redis). */
  enabled: boolean;
  /** The most tokens remembered (least recently used dropped first). */
  maxEntries: number;
  /** The longest an entry is kept, ms. */
  maxAgeMs: number;
  /** The nodes' shared Redis (commands), whose duplicate subscribes; absent: this node alone. */
  redis?: Redis;
  /** Prefix of the channel's name (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

interface Invalidation {
  node: string;
  idUser: string;
}

/** Creates the cache; with `redis`, resolves once subscribed (or once the first attempt failed). */
export async function createVerifiedTokens(options: VerifiedTokensOptions): Promise<VerifiedTokens> {
  const nodeId = randomUUID();
  const channel = `${options.keyPrefix}verified-tokens`;
  /** Keys of each player's entries. */
  const byPlayer = new Map<string, Set<string>>();
  const cache = new LRUCache<string, VerifiedToken>({
    max: Math.max(1, options.maxEntries),
    ttlAutopurge: false,
    dispose: (value, key) => {
      const keys = byPlayer.get(value.idUser);
      keys?.delete(key);
      if (keys?.size === 0) byPlayer.delete(value.idUser);
    },
  });
  /** Bumped by every invalidation: a verification that saw another value is not remembered. */
  let generation = 0;
  let subscribed = options.redis === undefined;
  /** Read through a call: the subscription's callbacks change it while a verification awaits. */
  const serving = () => options.enabled && subscribed;

  const dropPlayer = (idUser: string) => {
    generation += 1;
    for (const key of [...(byPlayer.get(idUser) ?? [])]) cache.delete(key);
  };
  const dropAll = () => {
    generation += 1;
    cache.clear();
  };

  let subscriber: Redis | undefined;
  if (options.enabled && options.redis) {
    const sub = options.redis.duplicate({ lazyConnect: true, enableOfflineQueue: true });
    subscriber = sub;
    sub.on('error', (error: Error) => options.log.warn({ err: error }, 'Redis subscriber error'));
    const down = () => {
      if (subscribed) options.log.warn('verified-token cache off: its Redis subscription is down');
      subscribed = false;
      dropAll();
    };
    sub.on('close', down);
    sub.on('reconnecting', down);
    sub.on('ready', () => {
      sub.subscribe(channel).then(
        () => {
          dropAll();
          subscribed = true;
        },
        (error: unknown) => options.log.warn({ err: error }, 'verified-token cache: subscribe failed'),
      );
    });
    sub.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      try {
        const invalidation = JSON.parse(message) as Invalidation;
        if (invalidation.node !== nodeId && typeof invalidation.idUser === 'string')
          dropPlayer(invalidation.idUser);
      } catch {
        dropAll();
      }
    });
    await sub
      .connect()
      .catch((error: unknown) =>
        options.log.warn({ err: error }, 'Redis subscriber: first connection failed'),
      );
    // 'ready' subscribes; wait for it briefly so that a node starts with its cache on.
    for (let i = 0; i < 50 && !subscribed && sub.status === 'ready'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }

  // One-shot `hash` (no Hash object per call): 0.7 µs against 1.2 µs for a 0.5 KB token.
  const keyOf = (jwt: string, audience: string) => hash('sha256', `${audience}\n${jwt}`, 'base64');

  return {
    get active() {
      return serving();
    },
    async remember(jwt, audience, verify) {
      if (!serving()) return verify();
      const key = keyOf(jwt, audience);
      const known = cache.get(key);
      if (known) return known;
      const seen = generation;
      const verified = await verify();
      if (!verified || generation !== seen || !serving()) return verified;
      const ttl = Math.min(verified.expiresAt * 1000, verified.sessionExpiresAtMs) - Date.now();
      if (ttl <= 0) return verified;
      const entry = Object.freeze(verified);
      cache.set(key, entry, { ttl: Math.min(ttl, options.maxAgeMs) });
      let keys = byPlayer.get(entry.idUser);
      if (!keys) byPlayer.set(entry.idUser, (keys = new Set()));
      keys.add(key);
      return entry;
    },
    async forgetPlayer(idUser) {
      if (!options.enabled) return;
      dropPlayer(idUser);
      if (!options.redis) return;
      try {
        await options.redis.publish(channel, JSON.stringify({ node: nodeId, idUser } satisfies Invalidation));
      } catch (error) {
        options.log.error({ err: error }, 'verified-token cache: the invalidation could not be published');
      }
    },
    async close() {
      subscriber?.disconnect();
      cache.clear();
    },
  };
}
