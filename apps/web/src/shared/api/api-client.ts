/**
 * Typed client of the account API (spec §6, §7; DESIGN.md §4). Every call goes to
 * `config.accountApiUrl + path` with a JSON body, the `x-api-key` header, and
 * `Authorization: Bearer <token.Value>` for a logged-in player, else the anonymous bearer, and
 * `Accept-Language` with the UI's current language (issue 19 §7: the API answers reference data and
 * writes e-mails in it).
 * Each call is an entry of the contracts' endpoint table (`ENDPOINTS`): its method and path (parameters
 * URI-encoded), and the schema its 200/201 answer is parsed with — the JSON body, or the text of an
 * entry that declares another `contentType` (the operator console's CSV exports).
 * 200/201 resolve with the body parsed by the contract schema; 400 and 503 reject with the error body
 * (spec §8: both show BadRequestError with the first message, e.g. a provider that is down), and so
 * does 403 (the operator console's refusals, issue 24: staff only, second factor required, role
 * insufficient — the console tells them apart by code); any other status rejects with the status only.
 */
import {
  ErrorBodySchema,
  endpointPath,
  successSchemaOf,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type RuntimeConfiguration,
} from '@guildgate/contracts';
import { browserGlobals } from '../browser/browser-globals.ts';
import { ApiError } from './api-error.ts';

/** Options of one call of `E`: its path parameters (required when it has any), query and body. */
export type CallInput<E extends Endpoint> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) & {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  /** Send the anonymous bearer even when a player is logged in (e.g. GET token/{identity}). */
  anonymous?: boolean;
  cache?: RequestCache;
  signal?: AbortSignal;
};

/** Query values the client writes into the address (null and undefined are left out). */
type QueryValues = Record<string, string | number | boolean | null | undefined>;

/**
 * A call's input as the client reads it, for any endpoint: its params, query and body are whatever
 * {@link CallInput} of that endpoint allowed at the call site (`CallInput<Endpoint>` would type them
 * `undefined`).
 */
type AnyCallInput = Omit<CallInput<Endpoint>, 'params' | 'query' | 'body'> & {
  params?: unknown;
  query?: unknown;
  body?: unknown;
};

/**
 * A configured client: `call(ENDPOINTS.x, { params, query, body })` resolves with the call's success
 * answer parsed by the table's schema (packages/contracts/src/endpoints.ts).
 */
export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, ...input: CallArguments<E>): Promise<EndpointAnswer<E>>;
}

/** The input argument: required when the call has path parameters. */
export type CallArguments<E extends Endpoint> =
  EndpointParams<E> extends undefined ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Dependencies of the client: the configuration and the player's bearer, if any. */
export interface ApiClientDependencies {
  config: Pick<RuntimeConfiguration, 'accountApiUrl' | 'accountApiKey' | 'apiKey'>;
  /** Resolves the player's access token, or null when anonymous. */
  userBearer: () => Promise<string | null>;
  /** The UI's current language ('en', 'fr'), sent as `Accept-Language`; none is sent without it. */
  language?: () => string;
  fetchFn?: typeof fetch;
}

/** Builds the address of `path` (no leading slash) under the account API (spec §7). */
export function buildApiUrl(accountApiUrl: string, path: string, query?: QueryValues) {
  const base = accountApiUrl.endsWith('/') ? accountApiUrl : `${accountApiUrl}/`;
  const url = new URL(path.replace(/^\/+/, ''), new URL(base, browserGlobals.location?.href));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The failure statuses whose §8 error body the client reads (see the module note). */
const BODY_STATUSES: ReadonlySet<number> = new Set([400, 403, 503]);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Creates the account-API client (spec §7). */
export function createApiClient({ config, userBearer, language, fetchFn }: ApiClientDependencies): ApiClient {
  const doFetch = fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async call<E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>): Promise<EndpointAnswer<E>> {
      const options: AnyCallInput = input ?? {};
      const { method } = endpoint;
      const path = endpointPath(endpoint, options.params as Record<string, unknown> | undefined);
      const bearer = (options.anonymous ? null : await userBearer()) ?? config.apiKey;
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': config.accountApiKey,
        authorization: `Bearer ${bearer}`,
      };
      const lang = language?.();
      if (lang) headers['accept-language'] = lang;
      const hasBody = options.body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await doFetch(
          buildApiUrl(config.accountApiUrl, path, options.query as QueryValues | undefined),
          {
            method,
            headers,
            body: hasBody ? JSON.stringify(options.body) : undefined,
            cache: options.cache,
            signal: options.signal,
            credentials: 'same-origin',
          },
        );
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(0, null, `Account API unreachable: ${String(error)}`, { unreachable: true });
      }
      if (BODY_STATUSES.has(response.status)) {
        const parsed = ErrorBodySchema.safeParse(await readJson(response));
        throw new ApiError(response.status, parsed.success ? parsed.data : { ErrorMessages: [] });
      }
      if (response.status !== 200 && response.status !== 201) throw new ApiError(response.status);
      // A call whose answer is not JSON (a CSV export: the table's `contentType`) is read as text.
      const answer = endpoint.contentType ? await response.text() : await readJson(response);
      const schema = successSchemaOf(endpoint, response.status);
      if (!schema) return undefined as never;
      const parsed = schema.safeParse(answer);
      if (!parsed.success) {
        throw new ApiError(0, null, `Unexpected answer from ${method} ${path}: ${parsed.error.message}`);
      }
      return parsed.data as never;
    },
  };
}
