/**
 * The consent page's calls (issue 21 §3; packages/contracts consent.ts): not account-API calls but the
 * OpenID Provider's, on the portal's own origin under `/oidc/interaction/{uid}` — the provider's
 * interaction cookie is scoped there and the portal session's identity cookie tells who the player is, so
 * they carry neither the api key nor a bearer. Same-origin `fetch` sends both cookies and, on the POST,
 * the `Origin` the API checks (with the JSON content type) against cross-site requests.
 * Failures reject with {@link ApiError} (status, and the spec §8 body when there is one; status 0 when
 * the API could not be reached or answered something unexpected), as the account API's client does.
 */
import {
  ConsentAnswerSchema,
  ConsentDetailsSchema,
  consentDecisionPath,
  consentDetailsPath,
  ErrorBodySchema,
  type ConsentAnswer,
  type ConsentDetails,
} from '@guildgate/contracts';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/api-error.ts';

/** Sends one call to `path` (a POST of JSON `body` when given) and parses its 200 answer with `schema`. */
async function call<S extends z.ZodType>(path: string, schema: S, body?: unknown): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body === undefined
        ? { headers: { accept: 'application/json' } }
        : {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
  } catch (error) {
    throw new ApiError(0, null, `Consent call unreachable: ${String(error)}`, { unreachable: true });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200) {
    const error = ErrorBodySchema.safeParse(json);
    throw new ApiError(response.status, error.success ? error.data : null);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(0, null, `Unexpected answer from ${path}`);
  return parsed.data;
}

/** GET …/details of pending interaction `uid`: the site, the requested scopes, the player asked. */
export function consentDetails(uid: string): Promise<ConsentDetails> {
  return call(consentDetailsPath(uid), ConsentDetailsSchema);
}

/** POST …/consent of interaction `uid`: the player allows (`approve`) or denies; where to go next. */
export function decideConsent(uid: string, approve: boolean): Promise<ConsentAnswer> {
  return call(consentDecisionPath(uid), ConsentAnswerSchema, { Approve: approve });
}
