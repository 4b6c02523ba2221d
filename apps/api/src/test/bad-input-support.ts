/**
 * Shared pieces of the bad-input suites (bad-input.test.ts, naughty-strings.test.ts; DESIGN.md §4
 * "never a 500 for bad input", §7 corpora): the naughty-string corpora, oversized strings, the rule
 * every answer must satisfy, the tables of routes to attack, and a collector that gathers every bad
 * answer of a test so it fails once with all of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ErrorBodySchema, isErrorCode } from '@guildgate/contracts';
import { ANONYMOUS, asUser, registerForm, type TestApp } from './harness.ts';
import type { Player } from './helpers.ts';
import { signOnBodyRoutes, signOnGetRoutes } from './bad-input-sign-on-routes.ts';
import { surveyBodyRoutes } from './bad-input-survey-routes.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const BLNS_FILE = path.join(REPO_ROOT, '..', 'shared', 'corpora', 'blns', 'blns.txt');

/** Every naughty string of the corpus (blank and '#' comment lines skipped). */
export const BLNS: string[] = fs
  .readFileSync(BLNS_FILE, 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

const PATT_DIR = path.join(REPO_ROOT, '..', 'shared', 'corpora', 'payloadsallthethings');

/**
 * Every line of the PayloadsAllTheThings lists (XSS, SQL and NoSQL injection, authentication bypass,
 * open redirects), blank lines skipped.
 */
export const PAYLOADS: string[] = fs
  .readdirSync(PATT_DIR)
  .filter((file) => file.endsWith('.txt'))
  .sort()
  .flatMap((file) => fs.readFileSync(path.join(PATT_DIR, file), 'utf8').split('\n'))
  .map((line) => line.replace(/\r$/, ''))
  .filter((line) => line.trim() !== '');

/** Strings the corpus lacks that SQL stores, JSON or URLs treat specially. */
export const EXTRA: string[] = [
  '\u0000',
  'player\u0000@players.test',
  'Jdoe\u0000',
  '\ud800',
  'a\udfffb',
  '\ufeffPlayer1',
  '%00',
  '%',
  "' OR '1'='1",
  '../../etc/passwd',
  'é'.repeat(300),
];

/** {@link BLNS}, {@link PAYLOADS} and {@link EXTRA}: every string tried in every field and path parameter. */
export const NAUGHTY = [...new Set([...BLNS, ...PAYLOADS, ...EXTRA])];

/** The strings of a request (body values at any depth, and the URL) that carry markup. */
function markupIn(options: Pick<InjectOptions, 'payload' | 'url'>): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (/[<>]/.test(value) && value.length >= 3) found.push(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(options.payload);
  if (typeof options.url === 'string') {
    // Split the raw URL into its segments and query values first, then decode each.
    for (const part of options.url.split(/[/?&=]/)) {
      try {
        visit(decodeURIComponent(part));
      } catch {
        // a malformed escape is not markup
      }
    }
  }
  return found;
}

/**
 * A 10 000-character string: longer than any field or parameter accepts (4096 at most), in a body under
 * every limit (the smallest, POST oauth/token's, is 16 KiB).
 */
export const HUGE = 'x'.repeat(10_000);

/** A 70 000-byte string: pads a body past the API's 64 KiB limit (API_BODY_LIMIT_BYTES). */
export const OVER_BODY_LIMIT = 'y'.repeat(70_000);

/** The markup strings of the request `options` that `body` (the answer) carries back as they were. */
export function reflectedMarkup(options: Pick<InjectOptions, 'payload' | 'url'>, body: string): string[] {
  return markupIn(options).filter((markup) => body.includes(markup));
}

/** What one answer must satisfy: below 500; a 4xx is the §8 shape with catalogued codes. */
export function problemOf(res: LightMyRequestResponse, context: string): string | null {
  const where = `${context} → ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (res.statusCode >= 500) return `server error: ${where}`;
  if (res.statusCode >= 300 && res.statusCode < 400) return `unexpected redirect: ${where}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `4xx body is not JSON: ${where}`;
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return `4xx body is not the §8 shape: ${where}`;
  if (parsed.data.ErrorMessages.length === 0) return `4xx body without any error item: ${where}`;
  const unknown = parsed.data.ErrorMessages.filter((i) => !isErrorCode(i.ErrorMessage));
  if (unknown.length) return `4xx body with codes outside the catalogue: ${where}`;
  return null;
}

/** Runs `fn` over `items` with at most `size` calls in flight. */
export async function inBatches<T>(
  items: readonly T[],
  size: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/**
 * `value` as JSON, cut to 60 characters: names a tried value in a problem report. Undefined for
 * `undefined`, a function or a symbol (JSON.stringify's declared type omits that case).
 */
export const label = (value: unknown) => (JSON.stringify(value) as string | undefined)?.slice(0, 60);

/** `value` as one URL path segment (byte-wise percent-encoding when it is not well-formed UTF-16). */
export function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A route with a JSON body and its fields, by kind. */
export interface BodyRoute {
  name: string;
  url: () => string;
  headers: () => Record<string, string>;
  valid: () => Record<string, unknown>;
  /** Required text fields (absent means '', null is refused). */
  text: string[];
  /** Optional text fields (null allowed). */
  optionalText: string[];
  flags: string[];
  numbers: string[];
}

/** A {@link BodyRoute} as the table writes it: field kinds it does not have may be left out. */
export type BodyRouteSpec = Omit<BodyRoute, 'text' | 'optionalText' | 'flags' | 'numbers'> &
  Partial<Pick<BodyRoute, 'text' | 'optionalText' | 'flags' | 'numbers'>>;

/** A GET route with its query fields (all optional text). */
export interface GetRoute {
  name: string;
  url: string;
  headers: Record<string, string>;
  query: readonly string[];
}

/**
 * What the route tables need from a suite, read when a route is used (the suite sets the player up
 * in its `beforeAll`, after the tables are built).
 */
export interface FuzzSubject {
  /** The suite's registered player. */
  player: () => Player;
  /** An access token of that player. */
  token: () => string;
  /** A new number on every call (unique usernames). */
  next: () => number;
  /** A register form token (harness.ts `formTokenPool`), for forms that should reach the service. */
  formToken?: () => string;
}

/** Every POST route of the forms, with a valid body for the suite's player (read at call time). */
export function bodyRouteTable({ player, token, next, formToken }: FuzzSubject): BodyRoute[] {
  const routes: BodyRouteSpec[] = [
    {
      name: 'POST register/new-user',
      url: () => '/api/register/new-user',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => registerForm(`Bad${next()}`, formToken ? { FormToken: formToken() } : {}),
      text: ['Username', 'Firstname', 'Password', 'ConfirmPassword', 'Email', 'ConfirmEmail'],
      optionalText: [
        'Lastname',
        'UsageNameHoneyPot',
        'DateOfBirth',
        'Referrer',
        'ReCAPTCHAToken',
        'StudioName',
        'ClientId',
        'AccessKeyValue',
        'RedirectUrl',
      ],
      flags: ['ApprovePrivacyPolicy', 'ApproveEULA', 'ApproveCodeOfConduct', 'G2GSegaOptin', 'Additional'],
      numbers: ['TimeOnPageMs'],
    },
    {
      name: 'POST register/verify',
      url: () => '/api/register/verify',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ VerificationCode: 'unknown-code' }),
      text: ['VerificationCode'],
    },
    {
      name: 'POST email/confirm',
      url: () => '/api/email/confirm',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Uid: 'unknown-uid' }),
      text: ['Uid'],
    },
    {
      name: 'POST email/send-confirmation-email',
      url: () => '/api/email/send-confirmation-email',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Email: 'nobody.at.all@players.test', RedirectUrl: null }),
      text: ['Email'],
      optionalText: ['RedirectUrl'],
    },
    {
      name: 'POST log/identify',
      url: () => '/api/log/identify',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ UsernameOrEmail: player().username }),
      text: ['UsernameOrEmail'],
      optionalText: ['ClientId', 'RedirectUrl', 'Token'],
    },
    {
      name: 'POST log/log-in',
      url: () => '/api/log/log-in',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ UsernameOrEmail: player().username, Password: player().password }),
      text: ['UsernameOrEmail', 'Password'],
      optionalText: ['ClientId', 'RedirectUrl', 'Token', 'StudioName'],
    },
    {
      name: 'POST log/user/{id}/log-in',
      url: () => `/api/log/user/${player().idUser}/log-in`,
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Password: player().password }),
      text: ['Password'],
      optionalText: ['ClientId', 'StudioName', 'Token'],
    },
    {
      name: 'POST accesskey/validate',
      url: () => '/api/accesskey/validate',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Value: 'GG-0000-0000-0000-0000' }),
      text: ['Value'],
    },
    {
      name: 'POST password/password-recovery',
      url: () => '/api/password/password-recovery',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Email: 'nobody.at.all@players.test' }),
      text: ['Email'],
    },
    {
      name: 'POST password/password-recovery-validation',
      url: () => '/api/password/password-recovery-validation',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Token: 'unknown-token', Password: 'Fresh2025pass', Confirm: 'Fresh2025pass' }),
      text: ['Token', 'Password', 'Confirm'],
    },
    {
      name: 'POST password/password-recovery-check',
      url: () => '/api/password/password-recovery-check',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Token: 'unknown-token' }),
      text: ['Token'],
    },
    {
      name: 'POST profile/user/{id}/update-email',
      url: () => `/api/profile/user/${player().idUser}/update-email`,
      headers: () => asUser(token()),
      valid: () => ({ Email: `fuzz${next()}@players.test`, ConfirmEmail: 'mismatch@players.test' }),
      text: ['Email', 'ConfirmEmail'],
    },
    {
      // A wrong password: whatever passes the schema is refused by the check (the player stays).
      name: 'POST password/validate/user/{id}',
      url: () => `/api/password/validate/user/${player().idUser}`,
      headers: () => asUser(token()),
      valid: () => ({ Password: 'Not1the2password' }),
      text: ['Password'],
    },
    {
      name: 'POST deletion/user/{id}',
      url: () => `/api/deletion/user/${player().idUser}`,
      headers: () => asUser(token()),
      valid: () => ({ Password: 'Not1the2password', Email: null, Id_DeletionType: 1, DeletionReason: null }),
      optionalText: ['Password', 'Email', 'DeletionReason'],
      numbers: ['Id_DeletionType'],
    },
    {
      // Refused for a player with a password (outside partner environments): nothing is deleted.
      name: 'POST deletion/partner/user/{id}',
      url: () => `/api/deletion/partner/user/${player().idUser}`,
      headers: () => asUser(token()),
      valid: () => ({ Email: null, Id_DeletionType: 1, DeletionReason: null }),
      optionalText: ['Password', 'Email', 'DeletionReason'],
      numbers: ['Id_DeletionType'],
    },
    {
      name: 'POST newsletter/optin-user',
      url: () => '/api/newsletter/optin-user',
      headers: () => asUser(token()),
      valid: () => ({ ListId: 1, IsOptIn: false, IsG2GOptIn: false }),
      flags: ['IsOptIn', 'IsG2GOptIn'],
      numbers: ['ListId'],
    },
    {
      name: 'POST newsletter/unsubscribe',
      url: () => '/api/newsletter/unsubscribe',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Token: 'not-a-signed-token' }),
      text: ['Token'],
    },
    {
      // Confirm never matches: whatever passes the schema is refused (the password stays).
      name: 'POST password/password-reset',
      url: () => '/api/password/password-reset',
      headers: () => asUser(token()),
      valid: () => ({
        OldPassword: 'Wrong1old2pass',
        Password: 'Fresh2025pass',
        ConfirmPassword: 'Other2025pass',
      }),
      text: ['Password', 'ConfirmPassword'],
      optionalText: ['OldPassword'],
    },
    {
      name: 'POST profile/user/{id}/update-username',
      url: () => `/api/profile/user/${player().idUser}/update-username`,
      headers: () => asUser(token()),
      valid: () => ({ Username: player().username }),
      text: ['Username'],
    },
    {
      name: 'POST profile/user/{id}/update-locale',
      url: () => `/api/profile/user/${player().idUser}/update-locale`,
      headers: () => asUser(token()),
      valid: () => ({ Locale: 'en' }),
      text: ['Locale'],
    },
    {
      name: 'POST unblock',
      url: () => '/api/unblock',
      headers: () => asUser(token()),
      valid: () => ({ userBlockedId: '00000000-0000-4000-8000-000000000000' }),
      text: ['userBlockedId'],
    },
    {
      name: 'POST cookie/user/{id}/accept-all',
      url: () => `/api/cookie/user/${player().idUser}/accept-all`,
      headers: () => asUser(token()),
      valid: () => ({ IsAllReject: true }),
      flags: ['IsAllReject'],
    },
    {
      name: 'POST cookie/user/{id}/set-cookie',
      url: () => `/api/cookie/user/${player().idUser}/set-cookie`,
      headers: () => asUser(token()),
      valid: () => ({ Id_Cookie: 1, IsAccepted: false }),
      flags: ['IsAccepted'],
      numbers: ['Id_Cookie'],
    },
    {
      name: 'POST recaptcha/verify',
      url: () => '/api/recaptcha/verify',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Token: 'not-a-captcha-token' }),
      optionalText: ['Token'],
    },
    {
      name: 'POST profile/validate',
      url: () => '/api/profile/validate',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Token: 'not-a-captcha-token' }),
      optionalText: ['Token'],
    },
    ...signOnBodyRoutes({ player, token, next }),
    ...surveyBodyRoutes({ player, token, next }),
    {
      // No body fields; the anonymous bearer keeps the player's session alive (401 before parsing).
      name: 'POST log/user/{id}/log-out',
      url: () => `/api/log/user/${player().idUser}/log-out`,
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({}),
    },
  ];
  return routes.map((route) => ({ text: [], optionalText: [], flags: [], numbers: [], ...route }));
}

/** Every GET route of the first journey, for `subject`'s player and token as they are now. */
export function getRouteTable({ player, token }: Pick<FuzzSubject, 'player' | 'token'>): readonly GetRoute[] {
  return [
    {
      name: 'GET redirect/allowed-redirect-domains',
      url: '/api/redirect/allowed-redirect-domains',
      headers: ANONYMOUS,
      query: [],
    },
    { name: 'GET token/{identity}', url: '/api/token/unknown-handle', headers: ANONYMOUS, query: [] },
    {
      name: 'GET token/refresh',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: ['access_token', 'refresh_token', 'client_id'],
    },
    {
      name: 'GET token/verify',
      url: '/api/token/verify',
      headers: ANONYMOUS,
      query: ['client_id', 'access_token'],
    },
    {
      name: 'GET profile/user/{id}',
      url: `/api/profile/user/${player().idUser}`,
      headers: asUser(token()),
      query: ['include'],
    },
    { name: 'GET profile/connects', url: '/api/profile/connects', headers: asUser(token()), query: [] },
    ...signOnGetRoutes({ token }),
    { name: 'GET deletion/types', url: '/api/deletion/types', headers: ANONYMOUS, query: [] },
    { name: 'GET newsletter', url: '/api/newsletter', headers: asUser(token()), query: [] },
    {
      name: 'GET email/update-email-confirm',
      url: '/api/email/update-email-confirm',
      headers: ANONYMOUS,
      query: ['uid'],
    },
    {
      name: 'GET email/update-email-recovery',
      url: '/api/email/update-email-recovery',
      headers: ANONYMOUS,
      query: ['uid'],
    },
  ];
}

/** Gathers the bad answers of a test so it fails once, listing all of them. */
export interface ProblemCollector {
  /** Problems found so far; a test adds its own checks' findings here too. */
  problems: string[];
  /**
   * Injects `options` into the app and records what {@link problemOf} finds in the answer, and any
   * markup of the request that the answer carries back unescaped.
   */
  send: (options: InjectOptions, context: string) => Promise<LightMyRequestResponse>;
  /** Fails the current test with every problem collected so far (and clears them). */
  expectNoProblems: () => void;
}

/** A {@link ProblemCollector} for the app `app()` returns when a call is sent. */
export function collectProblems(app: () => TestApp): ProblemCollector {
  const problems: string[] = [];
  return {
    problems,
    async send(options, context) {
      const res = await app().app.inject(options);
      const problem = problemOf(res, context);
      if (problem) problems.push(problem);
      // No markup sent comes back as it was (spec §8 answers carry codes, never the input).
      for (const markup of markupIn(options))
        if (res.body.includes(markup))
          problems.push(`markup reflected: ${context} → ${res.body.slice(0, 160)}`);
      return res;
    },
    expectNoProblems() {
      const found = problems.splice(0);
      expect(found, `${found.length} bad answers`).toEqual([]);
    },
  };
}
