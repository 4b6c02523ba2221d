/**
 * Typed client of the account API (spec §6, §7; DESIGN.md §4). Every call goes to
 * `config.accountApiUrl + path` with a JSON body, the `x-api-key` header, and
 * `Authorization: Bearer <token.Value>` for a logged-in player, else the anonymous bearer, and
 * `Accept-Language` with the UI's current language (issue 19 §7: the API answers reference data and
 * writes e-mails in it).
 * 200/201 resolve with the body parsed by the contract schema; 400 and 503 reject with the error body
 * (spec §8: both show BadRequestError with the first message, e.g. a provider that is down); any other
 * status rejects with the status only.
 */
import { ErrorBodySchema, type RuntimeConfiguration } from '@guildgate/contracts';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/** HTTP methods used by the SPA. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Options of one call. */
export interface CallOptions<S extends z.ZodType | undefined> {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Contract schema of the answer; without it the answer is ignored. */
  schema?: S;
  /** Send the anonymous bearer even when a player is logged in (e.g. GET token/{identity}). */
  anonymous?: boolean;
  cache?: RequestCache;
  signal?: AbortSignal;
}

/** The result type of a call with schema `S`. */
export type CallResult<S> = S extends z.ZodType ? z.output<S> : void;

/** A configured client: `call(method, path, options)`. */
export interface ApiClient {
  call<S extends z.ZodType | undefined = undefined>(
    method: HttpMethod,
    path: string,
    options?: CallOptions<S>,
  ): Promise<CallResult<S>>;
}

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
export function buildApiUrl(accountApiUrl: string, path: string, query?: CallOptions<undefined>['query']) {
  const base = accountApiUrl.endsWith('/') ? accountApiUrl : `${accountApiUrl}/`;
  const url = new URL(path.replace(/^\/+/, ''), new URL(base, globalThis.location?.href));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

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
    async call(method, path, options = {}) {
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
        response = await doFetch(buildApiUrl(config.accountApiUrl, path, options.query), {
          method,
          headers,
          body: hasBody ? JSON.stringify(options.body) : undefined,
          cache: options.cache,
          signal: options.signal,
          credentials: 'same-origin',
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new ApiError(0, null, `Account API unreachable: ${String(error)}`, { unreachable: true });
      }
      if (response.status === 400 || response.status === 503) {
        const parsed = ErrorBodySchema.safeParse(await readJson(response));
        throw new ApiError(response.status, parsed.success ? parsed.data : { ErrorMessages: [] });
      }
      if (response.status !== 200 && response.status !== 201) throw new ApiError(response.status);
      const json = await readJson(response);
      if (!options.schema) return undefined as never;
      const parsed = options.schema.safeParse(json);
      if (!parsed.success) {
        throw new ApiError(0, null, `Unexpected answer from ${method} ${path}: ${parsed.error.message}`);
      }
      return parsed.data as never;
    },
  };
}
