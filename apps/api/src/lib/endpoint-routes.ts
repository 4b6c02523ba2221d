/**
 * Routes from the endpoint table (issue 20 §5; packages/contracts/src/endpoints.ts): {@link endpointRoute}
 * registers one call of `ENDPOINTS` — its method, its spec §7 path in Fastify's `:param` form, its
 * params/query/body/answer schemas (validated and serialised by `@fastify/type-provider-zod`) and its
 * OpenAPI summary, tag and operationId — so a route file writes only its hooks and handler.
 * {@link endpointDocsTransform} is `@fastify/swagger`'s transform: besides zod → JSON Schema, it lists
 * in `/api/docs` each call's error statuses (400/401/403/404/429/503) with the §8 error body and the
 * codes the call may answer (DESIGN.md §4). The error bodies are documented only, never serialised
 * through a schema, so the error handler's answers stay exactly as they are.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, type Endpoint, type ErrorCode, type ErrorStatus } from '@guildgate/contracts';

/** A Fastify instance (or scope) with the zod type provider, as `app.withTypeProvider<ZodTypeProvider>()`. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Present<K extends string, S> = S extends z.ZodType ? { [P in K]: S } : unknown;

/** The Fastify route schema of endpoint `E` (what types the handler's request and reply). */
export type EndpointSchema<E extends Endpoint> = Present<
  'params',
  E extends { params: infer S } ? S : undefined
> &
  Present<'querystring', E extends { query: infer S } ? S : undefined> &
  Present<'body', E extends { body: infer S } ? S : undefined> & { response: E['responses'] } & FastifySchema;

/** What a route file still writes for an endpoint: hooks, config, handler (never method, url or schema). */
export type EndpointRouteOptions<E extends Endpoint> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    unknown,
    EndpointSchema<E>,
    ZodTypeProvider
  >,
  'schema'
>;

/** Route config key under which a route keeps its table entry (read by {@link endpointDocsTransform}). */
const ENDPOINT_CONFIG_KEY = 'endpoint';

/** Spec §7's `log/user/{id}/log-in` as Fastify's `/log/user/:id/log-in`. */
export function fastifyPath(path: string): string {
  return `/${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

/** The OpenAPI tag of a call: its path's first segment (`log`, `profile`, `steam`, …). */
function tagOf(endpoint: Endpoint): string {
  return endpoint.path.split('/')[0] ?? endpoint.path;
}

/**
 * Registers `endpoint` on `app` (a scope under `/api`), with `options`' hooks and handler, the handler's
 * request and answer typed by the entry's schemas.
 */
export function endpointRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: EndpointRouteOptions<E>,
): void {
  const config = (options.config ?? {}) as Record<string, unknown>;
  const route = {
    ...options,
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.responses,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      // A non-JSON answer (a CSV file) is documented with its media type.
      ...(endpoint.contentType ? { produces: [endpoint.contentType] } : {}),
      tags: [tagOf(endpoint)],
      operationId: endpoint.name,
    },
    config: { ...config, [ENDPOINT_CONFIG_KEY]: endpoint },
  };
  // The entry's schemas type `options.handler` already (EndpointRouteOptions); Fastify's own signature
  // cannot see that through the generic entry.
  app.route(route as unknown as Parameters<ZodApp['route']>[0]);
}

/** The OpenAPI description of an error status (RFC 9110 §15 reason, then the codes). */
const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Rejected',
  401: 'No, or a bad, api key, bearer or client authentication',
  403: "Another player's data, or not allowed (the operator console's staff guard)",
  404: 'Unknown',
  429: 'Rate limited (Retry-After)',
  503: 'A dependency is down (Retry-After)',
};

const errorSchemas = new WeakMap<Endpoint, Partial<Record<ErrorStatus, z.ZodType>>>();

/**
 * The §8 error body of each error status of `endpoint`, `ErrorMessage` narrowed to the codes the call
 * may answer, described by the status and its codes (what `/api/docs` shows).
 */
export function errorResponseSchemas(endpoint: Endpoint): Partial<Record<ErrorStatus, z.ZodType>> {
  const cached = errorSchemas.get(endpoint);
  if (cached) return cached;
  const schemas: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const [key, codes] of Object.entries(endpoint.errors)) {
    const status = Number(key) as ErrorStatus;
    const known = codes.filter((code) => ERROR_CODES.includes(code));
    if (known.length === 0) continue;
    schemas[status] = z
      .object({
        ErrorMessages: z.array(
          z.object({
            Property: z.string(),
            ErrorMessage: z.enum(known as [ErrorCode, ...ErrorCode[]]),
          }),
        ),
      })
      .describe(`${STATUS_TEXT[status]}: ${known.join(', ')}`);
  }
  errorSchemas.set(endpoint, schemas);
  return schemas;
}

type SwaggerTransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * `@fastify/swagger`'s transform: adds the error answers of a route registered by {@link endpointRoute}
 * (statuses its `responses` do not already declare; for those, the codes go into their description),
 * then converts the zod schemas as `jsonSchemaTransform` does.
 */
export function endpointDocsTransform(input: SwaggerTransformInput): ReturnType<typeof jsonSchemaTransform> {
  const config = (input.route as { config?: Record<string, unknown> } | undefined)?.config;
  const endpoint = config?.[ENDPOINT_CONFIG_KEY] as Endpoint | undefined;
  // @fastify/swagger passes the route's own `schema`, which a route without one lacks (its type says
  // it is always there).
  const routeSchema = input.schema as SwaggerTransformInput['schema'] | undefined;
  if (!endpoint || !routeSchema) return jsonSchemaTransform(input);
  const declared = (routeSchema.response ?? {}) as Partial<Record<number, z.ZodType>>;
  const response: Partial<Record<number, z.ZodType>> = { ...declared };
  for (const [key, schema] of Object.entries(errorResponseSchemas(endpoint))) {
    const status = Number(key);
    const own = declared[status];
    response[status] = own ? own.describe(schema.description ?? '') : schema;
  }
  return jsonSchemaTransform({ ...input, schema: { ...routeSchema, response } });
}
