/**
 * The error handler of DESIGN.md §4: every failure answers the spec §8 shape
 * `{ ErrorMessages: [{ Property, ErrorMessage }] }`. Schema failures → 400 ERROR_FIELD_INVALID on the
 * failing property; unparsable bodies → 400 ERROR_REQUEST_INVALID; {@link AppError} → its status;
 * rate limits → 429 with Retry-After; a dependency that is down (store unreachable, full or read-only,
 * Redis… — lib/dependency-errors.ts) → 503 ERROR_SERVICE_UNAVAILABLE with Retry-After; anything
 * unexpected → 500 ERROR_INTERNAL (logged, never detailed).
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorItem } from '@guildgate/contracts';
import {
  classifyDependencyError,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  type DependencyFailure,
} from '../lib/dependency-errors.ts';
import { AppError } from '../lib/errors.ts';

function body(items: ErrorItem[]): ErrorBody {
  return { ErrorMessages: items };
}

function general(code: ErrorCode): ErrorBody {
  return body([{ Property: '', ErrorMessage: code }]);
}

/** Maps any thrown value to a status and §8 body (exported for unit tests). */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
} {
  if (error instanceof AppError)
    return { status: error.statusCode, body: body(error.items), headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Read as fastify's exported type: the guard's own element type imports the extensionless
    // `fastify/types/schema`, which nodenext (ESM) resolution cannot find, so it is unresolved (any).
    const validation: readonly FastifySchemaValidationError[] = (error as FastifyError).validation ?? [];
    const seen = new Set<string>();
    const items: ErrorItem[] = [];
    for (const v of validation) {
      const property = v.instancePath.split('/').filter(Boolean)[0] ?? '';
      if (seen.has(property)) continue;
      seen.add(property);
      items.push({
        Property: property,
        ErrorMessage: property ? 'ERROR_FIELD_INVALID' : 'ERROR_REQUEST_INVALID',
      });
    }
    return { status: 400, body: body(items), headers: {} };
  }
  const e = error as Partial<FastifyError> & { statusCode?: number };
  const unavailable = {
    status: 503,
    body: general('ERROR_SERVICE_UNAVAILABLE'),
    headers: { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
  };
  if (typeof e.statusCode !== 'number' && classifyDependencyError(error)) return unavailable;
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return { status, body: general('ERROR_RATE_LIMITED'), headers: {} };
  if (status === 404) return { status, body: general('ERROR_NOT_FOUND'), headers: {} };
  if (status === 401) return { status, body: general('ERROR_UNAUTHORIZED'), headers: {} };
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large, bad URL encoding…
    return { status: status === 413 ? 413 : 400, body: general('ERROR_REQUEST_INVALID'), headers: {} };
  }
  if (status === 503) return unavailable;
  return { status: 500, body: general('ERROR_INTERNAL'), headers: {} };
}

/** Options of {@link registerErrorHandler}. */
export interface ErrorHandlerOptions {
  /** Told of every dependency failure answered 503 (the readiness probe keeps the recent ones). */
  onDependencyFailure?: (failure: DependencyFailure) => void;
}

/**
 * Installs the handler on `app` (the whole app, API and static alike). A dependency failure is logged
 * as a warning with its dependency and code (no stack: an outage makes thousands).
 */
export function registerErrorHandler(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body: payload, headers } = toErrorResponse(error);
    const failure = status === 503 ? classifyDependencyError(error) : undefined;
    if (failure) {
      request.log.warn({ dependency: failure.dependency, code: failure.code }, 'dependency unavailable');
      options.onDependencyFailure?.(failure);
    } else if (status === 503) request.log.warn({ err: error }, 'service unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, errors: payload.ErrorMessages }, 'request rejected');
    void reply.code(status).headers(headers).type('application/json').send(payload);
  });
}
