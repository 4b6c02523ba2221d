/**
 * GET /api/health (live) and GET /api/ready (each dependency's state) — DESIGN.md §8; issue 18;
 * docs/operations.md "Probes". No api key needed.
 *
 * /api/ready runs every {@link ReadinessCheck} at once, each within {@link CHECK_TIMEOUT_MS}, and
 * answers `{ status, checks: { <name>: { ok, required, ms, detail? } } }`:
 * - 200 `status: "ready"` when every check is ok, 200 `status: "degraded"` when only optional ones
 *   fail (Redis: the limits then count in memory);
 * - 503 `status: "unavailable"` with Retry-After and the §8 `ErrorMessages`
 *   (ERROR_SERVICE_UNAVAILABLE) when a required one fails (the store).
 * Checks are given by app.ts: the store's ({@link storeCheck}), Redis' ({@link redisCheck}) when
 * configured, and any other (the outbox backlog) through the same {@link ReadinessCheck} shape.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import {
  classifyDependencyError,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  type RecentWriteRefusals,
} from '../../lib/dependency-errors.ts';
import { NEVER_SHED } from '../../plugins/load-shedding.ts';
import { pingStore } from './store.ts';

/** What a check found. `detail`: a short code or phrase (never a secret: the probe is public). */
export interface ReadinessState {
  ok: boolean;
  detail?: string;
}

/** One dependency the readiness probe looks at. */
export interface ReadinessCheck {
  /** Its key in the answer's `checks` (`store`, `redis`, `outbox`). */
  name: string;
  /** Whether the node is unavailable (503) when it fails; an optional one only makes it `degraded`. */
  required: boolean;
  /** Looks; a rejection counts as `{ ok: false }` with the error's dependency code as detail. */
  check(): Promise<ReadinessState>;
}

/** How long one check may take before it counts as failed, ms. */
export const CHECK_TIMEOUT_MS = 2000;

/** How long a write refusal (disk full, read-only) keeps the store reported down after it, ms. */
export const WRITE_REFUSAL_WINDOW_MS = 5000;

/**
 * The store: `select 1` answers, and no write was refused (disk full, read-only) in the last
 * {@link WRITE_REFUSAL_WINDOW_MS} — a full disk still answers reads.
 */
export function storeCheck(db: Kysely<Database>, refusals?: RecentWriteRefusals): ReadinessCheck {
  return {
    name: 'store',
    required: true,
    async check() {
      await pingStore(db);
      const refused = refusals?.latest(WRITE_REFUSAL_WINDOW_MS);
      return refused ? { ok: false, detail: `writes refused: ${refused.code}` } : { ok: true };
    },
  };
}

/** How old the oldest waiting mail may be before the outbox check fails, seconds. */
export const OUTBOX_READY_MAX_AGE_SECONDS = 300;

/**
 * Outgoing mail (optional: the calls that send mail go on while SMTP is down; docs/operations.md
 * "Outgoing mail"): fails when the oldest waiting message has waited more than
 * {@link OUTBOX_READY_MAX_AGE_SECONDS} (SMTP down or too slow), with the backlog as detail.
 * @param backlog reads the outbox's backlog (modules/outbound-mail/outbox.ts `outboxBacklog`)
 */
export function outboxCheck(
  backlog: () => Promise<{ pending: number; oldestPendingAgeSeconds: number; dead: number }>,
): ReadinessCheck {
  return {
    name: 'outbox',
    required: false,
    async check() {
      const { pending, oldestPendingAgeSeconds, dead } = await backlog();
      const detail = `pending ${pending}, oldest ${Math.round(oldestPendingAgeSeconds)} s, dead ${dead}`;
      return { ok: oldestPendingAgeSeconds <= OUTBOX_READY_MAX_AGE_SECONDS, detail };
    },
  };
}

/**
 * The node itself (required): fails once it is shutting down (server.ts; docs/operations.md "Stopping a
 * node"), so a load balancer that still reaches it on an open connection takes it out of rotation.
 * @param stopping tells whether the node has begun to close
 */
export function shutdownCheck(stopping: () => boolean): ReadinessCheck {
  return {
    name: 'node',
    required: true,
    async check() {
      return stopping() ? { ok: false, detail: 'shutting down' } : { ok: true };
    },
  };
}

/** Redis (optional: without it every limit counts in this node's memory): connected and answers PING. */
export function redisCheck(redis: Redis): ReadinessCheck {
  return {
    name: 'redis',
    required: false,
    async check() {
      if (redis.status !== 'ready') return { ok: false, detail: redis.status };
      await redis.ping();
      return { ok: true };
    },
  };
}

/** One check's answer in the probe's body. */
interface CheckAnswer extends ReadinessState {
  required: boolean;
  /** How long it took, ms. */
  ms: number;
}

/** Runs `check` within {@link CHECK_TIMEOUT_MS}; never rejects. */
async function run(check: ReadinessCheck): Promise<CheckAnswer> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadinessState>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: 'timed out' }), CHECK_TIMEOUT_MS);
  });
  const state = await Promise.race([
    check.check().catch((error: unknown): ReadinessState => ({
      ok: false,
      detail: classifyDependencyError(error)?.code ?? 'failed',
    })),
    timeout,
  ]);
  clearTimeout(timer);
  return { ...state, required: check.required, ms: Math.round(performance.now() - started) };
}

/** Registers the probes on the /api scope; `checks` are the readiness probe's (see the module note). */
export async function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  checks: ReadinessCheck[] = [storeCheck(ctx.db)],
): Promise<void> {
  // Liveness: answered even while the node sheds load (plugins/load-shedding.ts).
  app.get('/health', { config: { public: true, ...NEVER_SHED } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { public: true } }, async (_request, reply) => {
    const answers = await Promise.all(checks.map(run));
    const byName = Object.fromEntries(checks.map((c, i) => [c.name, answers[i]]));
    void reply.header('cache-control', 'no-store');
    if (answers.some((a) => a.required && !a.ok)) {
      return reply
        .code(503)
        .header('retry-after', String(DEPENDENCY_RETRY_AFTER_SECONDS))
        .send({
          status: 'unavailable',
          checks: byName,
          ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_SERVICE_UNAVAILABLE' }],
        });
    }
    return { status: answers.every((a) => a.ok) ? 'ready' : 'degraded', checks: byName };
  });
}
