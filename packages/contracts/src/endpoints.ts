/**
 * The endpoint table (issue 20 §5; spec §7; DESIGN.md §4): method, path, params, query, body, answers,
 * authentication and error codes of every call of spec §7, of the partner servers' calls
 * (docs/partner-api.md) and of the hub's (GET oauth, POST oauth/token, GET oauth/profile), in one
 * {@link ENDPOINTS} namespace (endpoint-table/, one export per call, so a bundle keeps only the calls
 * it makes). The API registers its routes from it (apps/api/src/lib/endpoint-routes.ts,
 * which also documents the error statuses and codes in OpenAPI) and the SPA's client takes an entry
 * (apps/web/src/shared/api/api-client.ts), so no path, request or response schema is written twice.
 *
 * Why a small typed helper and not `@ts-rest/core`: its latest release (3.52) declares `zod ^3` as its
 * peer and types its contracts with zod 3's classes (zod 4 and Standard Schema support are open work
 * upstream, ts-rest issues #793 and #743); its Fastify adapter would also replace
 * `@fastify/type-provider-zod`, which serialises our answers and builds the OpenAPI document. A table
 * of plain objects carrying our zod 4 schemas fits both ends with a few type helpers.
 *
 * Paths are written as in spec §7: relative to the API address, no leading slash, parameters in braces
 * (`profile/user/{id}`). Error codes are those of errors.ts, grouped by HTTP status (DESIGN.md §4).
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type * as EndpointTable from './endpoint-table/index.ts';

/** HTTP methods of the table (PUT: the operator console's idempotent writes, admin.ts). */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call (DESIGN.md §4, docs/partner-api.md): `anonymous` — the api key plus the anonymous bearer
 * or a player's; `user` — the api key plus a player's bearer; `client-or-anonymous` — a partner server's
 * HTTP Basic client credentials, or the api key plus a bearer (token refresh and verify); `client` — a
 * partner server's HTTP Basic client credentials only, no api key; `staff` — the api key plus the
 * bearer of a player with a staff role, a second factor and a recent full authentication (the operator
 * console, admin.ts; refused with 403 {@link STAFF_GUARD_CODES}).
 */
export type EndpointAuth = 'anonymous' | 'user' | 'client-or-anonymous' | 'client' | 'staff';

/**
 * The 403 codes of every `staff` call (issue 24; docs/security.md "Staff and the admin API"): the
 * caller has no staff role, has no second factor in use, or their session's last full authentication
 * (password and second factor, or a passkey) is missing or older than STAFF_SESSION_MAX_AGE_SECONDS.
 * A call above the lowest role adds ERROR_STAFF_ROLE_INSUFFICIENT itself.
 */
export const STAFF_GUARD_CODES: readonly ErrorCode[] = [
  'ERROR_STAFF_ROLE_REQUIRED',
  'ERROR_STAFF_SECOND_FACTOR_REQUIRED',
  'ERROR_REAUTHENTICATION_REQUIRED',
];

/** The error statuses a call may answer (DESIGN.md §4), each with the §8 error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 503;

/** A call's error codes by status. */
export type EndpointErrors = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

/**
 * The answers' schemas by status: the success answer (200 or 201, or both) and, rarely, an error answer
 * of another shape than the §8 body (POST oauth/token's RFC 6749 §5.2 body).
 */
export type EndpointResponses = Partial<Record<200 | 201 | 400 | 401, z.ZodType>>;

/** One call as the table declares it (what {@link defineEndpoint} takes). */
export interface EndpointDefinition {
  method: EndpointMethod;
  /** Spec §7's path: relative, no leading slash, parameters in braces (`log/user/{id}/log-in`). */
  path: string;
  /** Path parameters (their names are the braces' names). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON (or, for POST oauth/token, form) body. */
  body?: z.ZodType;
  responses: EndpointResponses;
  /**
   * The success answer's media type when it is not JSON (GET admin/survey/export's
   * `text/csv; charset=utf-8`): its schema then describes the text, and the client reads the body as is.
   */
  contentType?: string;
  auth: EndpointAuth;
  /** Limited per IP (DESIGN.md §5): may answer 429 ERROR_RATE_LIMITED with Retry-After. */
  rateLimited?: boolean;
  /** One line for the OpenAPI operation. */
  summary: string;
  /** More, when one line is not enough. */
  description?: string;
  /**
   * The call's own error codes by status; {@link defineEndpoint} adds those every call of its kind may
   * answer (invalid field or body, api key, bearer, another player's data, rate limit, a dependency down).
   */
  errors?: EndpointErrors;
}

/** A table entry: its definition with the complete error codes and its name in {@link ENDPOINTS}. */
export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = Omit<D, 'errors'> & {
  errors: EndpointErrors;
  /** The entry's key in {@link ENDPOINTS} (the OpenAPI operationId). */
  name: string;
};

const uniq = (codes: readonly ErrorCode[]): ErrorCode[] => [...new Set(codes)];

/** The codes every call of `definition`'s kind may answer, merged with its own. */
function completeErrors(definition: EndpointDefinition): EndpointErrors {
  const errors: Partial<Record<number, ErrorCode[]>> = {};
  const add = (status: ErrorStatus, ...codes: ErrorCode[]) => {
    errors[status] = uniq([...(errors[status] ?? []), ...codes]);
  };
  for (const [status, codes] of Object.entries(definition.errors ?? {})) {
    add(Number(status) as ErrorStatus, ...(codes as ErrorCode[]));
  }
  if (definition.params ?? definition.query ?? definition.body) add(400, 'ERROR_FIELD_INVALID');
  if (definition.body) add(400, 'ERROR_REQUEST_INVALID');
  if (definition.auth !== 'client')
    add(401, 'ERROR_API_KEY_INVALID', 'ERROR_UNAUTHORIZED', 'ERROR_TOKEN_INVALID');
  else add(401, 'ERROR_UNAUTHORIZED');
  if (definition.auth === 'user' && definition.path.includes('{id}')) add(403, 'ERROR_FORBIDDEN');
  if (definition.auth === 'staff') add(403, ...STAFF_GUARD_CODES);
  if (definition.rateLimited) add(429, 'ERROR_RATE_LIMITED');
  add(503, 'ERROR_SERVICE_UNAVAILABLE');
  return errors;
}

/**
 * One call of the table, its definition kept to the letter for the types (`const` inference).
 * @param name its key in {@link ENDPOINTS} (the OpenAPI operationId)
 * @returns the definition with its complete error codes (see {@link EndpointDefinition.errors})
 */
export function defineEndpoint<const N extends string, const D extends EndpointDefinition>(
  name: N,
  definition: D,
): Omit<D, 'errors'> & { errors: EndpointErrors; name: N } {
  return { ...definition, errors: completeErrors(definition), name };
}

/** The path parameters' input of `E` (`undefined` when it has none). */
export type EndpointParams<E extends Endpoint> = E extends { params: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The query's input of `E`. */
export type EndpointQuery<E extends Endpoint> = E extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The body's input of `E`. */
export type EndpointBody<E extends Endpoint> = E extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The success answer's schema of `E` (its 200, else its 201). */
export type EndpointSuccessSchema<E extends Endpoint> = E['responses'] extends {
  200: infer S extends z.ZodType;
}
  ? S
  : E['responses'] extends { 201: infer S extends z.ZodType }
    ? S
    : never;
/** The parsed success answer of `E`. */
export type EndpointAnswer<E extends Endpoint> = z.output<EndpointSuccessSchema<E>>;

/** The success schema of `endpoint` for `status` (200 or 201), else its other success schema. */
export function successSchemaOf(endpoint: Endpoint, status: number): z.ZodType | undefined {
  const { responses } = endpoint;
  return (
    (status === 201 ? (responses[201] ?? responses[200]) : (responses[200] ?? responses[201])) ?? undefined
  );
}

/**
 * The address of `endpoint` relative to the API, its `{name}` parameters replaced by `params`' values,
 * URI-encoded (RFC 3986 §3.3).
 * @throws Error when a parameter of the path has no value
 */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name] as string | number | boolean | null | undefined;
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The name of a call of the table (a key of `ENDPOINTS`, endpoint-table/). */
export type EndpointName = keyof typeof EndpointTable;
