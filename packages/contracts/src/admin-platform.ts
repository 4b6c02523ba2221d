/**
 * The operator console's platform settings, part 1 (issue 24 §3; docs/operations.md "Staff and the
 * operator console"): the partner clients (RFC 6749 §2 registration; spec §1 Single sign-on; the hub's
 * OpenID Provider) and the redirect allow-list (spec §1 "a list of patterns fetched from the server",
 * redirect.ts) with its tester. Reading needs the `platform.read` permission (every staff role),
 * changing `platform.manage` (admin). Field names are PascalCase as the spec's calls; times ISO 8601
 * UTC. A client's secret is shown once, in the answer of its registration or rotation, and never
 * listed (only its SHA-256 is kept).
 */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin.ts';
import { REDIRECT_REFUSALS } from './redirect.ts';

/** A client id (RFC 6749 §2.2): 1 to 128 unreserved URL characters (RFC 3986 §2.3), as the registry. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;

/** Longest client name, characters (the registry's bound). */
export const CLIENT_NAME_MAX_LENGTH = 100;

/** Most URIs of one kind a client may register (the registry's bound). */
export const CLIENT_MAX_URIS = 20;

/** Longest URI a client may register, characters (the registry's bound). */
export const CLIENT_URI_MAX_LENGTH = 2000;

/** A client id in a body or path ({@link CLIENT_ID_PATTERN}). */
export const AdminClientIdSchema = z.string().regex(CLIENT_ID_PATTERN);

/** How a client authenticates at the token endpoint (RFC 6749 §2.3.1; `none`: public, PKCE only). */
export const AdminClientAuthMethodSchema = z.enum(['client_secret_basic', 'client_secret_post', 'none']);
export type AdminClientAuthMethod = z.infer<typeof AdminClientAuthMethodSchema>;

/** A URI as the body carries it (the service checks it further: https, loopback, fragment, wildcard). */
const Uri = z.string().min(1).max(CLIENT_URI_MAX_LENGTH);
/** A list of URIs (at most {@link CLIENT_MAX_URIS}). */
const Uris = z.array(Uri).max(CLIENT_MAX_URIS);

/**
 * A partner client as the console shows it — never its secret nor the secret's hash:
 * - `RedirectUris`, `PostLogoutRedirectUris`: compared exactly by the provider (RFC 9700 §4.1.3);
 * - `UrisOutsideAllowList`: those of them the redirect allow-list does not allow today, which the
 *   provider ignores until a pattern allows them;
 * - `FirstParty`: the hub's own site (no consent page) or a third party's;
 * - `TokenEndpointAuthMethod`: `none` for a public client (no secret);
 * - `RefreshTokens`: whether it is issued refresh tokens (RFC 6749 §6);
 * - `UpdatedAt`: its last change (a secret rotation included), null when never changed.
 */
export const AdminClientSchema = z.object({
  ClientId: z.string(),
  Name: z.string(),
  RedirectUris: z.array(z.string()),
  PostLogoutRedirectUris: z.array(z.string()),
  BackchannelLogoutUri: z.string().nullable(),
  UrisOutsideAllowList: z.array(z.string()),
  FirstParty: z.boolean(),
  TokenEndpointAuthMethod: AdminClientAuthMethodSchema,
  RefreshTokens: z.boolean(),
  CreatedAt: z.string(),
  UpdatedAt: z.string().nullable(),
});
export type AdminClient = z.infer<typeof AdminClientSchema>;

/** GET admin/clients query: a page ({@link AdminPageQuerySchema}), clients by id. */
export const AdminClientsQuerySchema = AdminPageQuerySchema;
export type AdminClientsQuery = z.input<typeof AdminClientsQuerySchema>;

/** GET admin/clients: a page of clients by id, and the next page's cursor (null: the last). */
export const AdminClientsResponseSchema = z.object({
  Clients: z.array(AdminClientSchema),
  NextCursor: z.string().nullable(),
});
export type AdminClientsResponse = z.infer<typeof AdminClientsResponseSchema>;

/**
 * POST admin/clients: a new client. `ClientId` absent: the hub picks a random one (RFC 7591 §3.2.1).
 * At least one redirect URI; every URI absolute, `https:` (or `http:` on a loopback host: localhost,
 * 127.0.0.1, [::1]), without fragment, user information or wildcard (RFC 9700 §2.1, §4.1).
 * `TokenEndpointAuthMethod` `none` registers a public client (no secret); the default is
 * `client_secret_basic`. `RefreshTokens` defaults to true, `FirstParty` to false (a consent page).
 */
export const AdminClientCreateRequestSchema = z.object({
  ClientId: AdminClientIdSchema.optional(),
  // Bounded here; the registry trims it and checks 1 to CLIENT_NAME_MAX_LENGTH (ERROR_CLIENT_NAME_INVALID).
  Name: z.string().max(CLIENT_NAME_MAX_LENGTH * 2),
  RedirectUris: Uris.min(1),
  PostLogoutRedirectUris: Uris.default([]),
  BackchannelLogoutUri: Uri.nullable().default(null),
  FirstParty: z.boolean().default(false),
  TokenEndpointAuthMethod: AdminClientAuthMethodSchema.default('client_secret_basic'),
  RefreshTokens: z.boolean().default(true),
});
export type AdminClientCreateRequest = z.input<typeof AdminClientCreateRequestSchema>;
/** POST admin/clients's body once parsed (the defaults filled in). */
export type AdminClientCreation = z.output<typeof AdminClientCreateRequestSchema>;

/**
 * POST admin/clients (201): the client and its secret in clear — shown this once (null for a public
 * client).
 */
export const AdminClientCreatedResponseSchema = z.object({
  Client: AdminClientSchema,
  ClientSecret: z.string().nullable(),
});
export type AdminClientCreatedResponse = z.infer<typeof AdminClientCreatedResponseSchema>;

/**
 * PUT admin/clients/{clientId}: what to change (an absent field stays; at least one). A list replaces
 * the registered one (`RedirectUris`: at least one); `BackchannelLogoutUri` null removes it;
 * `TokenEndpointAuthMethod` only between the confidential methods (a public client stays public).
 */
export const AdminClientUpdateRequestSchema = z.object({
  Name: z
    .string()
    .max(CLIENT_NAME_MAX_LENGTH * 2)
    .optional(),
  RedirectUris: Uris.min(1).optional(),
  PostLogoutRedirectUris: Uris.optional(),
  BackchannelLogoutUri: Uri.nullable().optional(),
  FirstParty: z.boolean().optional(),
  TokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
  RefreshTokens: z.boolean().optional(),
});
export type AdminClientUpdateRequest = z.infer<typeof AdminClientUpdateRequestSchema>;

/** `{ clientId }` path parameter of admin/clients/{clientId}…. */
export const AdminClientParamsSchema = z.object({ clientId: AdminClientIdSchema });
export type AdminClientParams = z.infer<typeof AdminClientParamsSchema>;

/** POST admin/clients/{clientId}/secret: the client and its new secret — shown this once. */
export const AdminClientSecretResponseSchema = z.object({
  Client: AdminClientSchema,
  ClientSecret: z.string(),
});
export type AdminClientSecretResponse = z.infer<typeof AdminClientSecretResponseSchema>;

/** Longest allow-list pattern, characters. */
export const REDIRECT_PATTERN_MAX_LENGTH = 500;

/** Largest id of a stored pattern (a 32-bit integer column). */
const MAX_PATTERN_ID = 2_147_483_647;

/**
 * One pattern of the redirect allow-list: its id, the pattern (redirect.ts's form
 * `scheme://host[:port][/path-prefix]`, host optionally `*.`-prefixed), and whether it comes from the
 * node's configuration (`PUBLIC_URL`, `REDIRECT_PATTERNS`: stored again at every start, so it cannot be
 * removed in the console).
 */
export const RedirectPatternSchema = z.object({
  Id: z.string(),
  Pattern: z.string(),
  Configured: z.boolean(),
});
export type RedirectPattern = z.infer<typeof RedirectPatternSchema>;

/** GET admin/redirect-patterns query: a page ({@link AdminPageQuerySchema}), patterns by id. */
export const RedirectPatternsQuerySchema = AdminPageQuerySchema;
export type RedirectPatternsQuery = z.input<typeof RedirectPatternsQuerySchema>;

/** GET admin/redirect-patterns: a page of patterns by id, and the next page's cursor (null: the last). */
export const RedirectPatternsResponseSchema = z.object({
  Patterns: z.array(RedirectPatternSchema),
  NextCursor: z.string().nullable(),
});
export type RedirectPatternsResponse = z.infer<typeof RedirectPatternsResponseSchema>;

/**
 * POST admin/redirect-patterns: the pattern to allow. Refused (400): not of the pattern form, a scheme
 * other than `https:` (`http:` only for a loopback host), a pattern allowing any host or a whole
 * top-level domain (`*`, `https://*`, `https://*.com`), one that is already on the list.
 */
export const RedirectPatternRequestSchema = z.object({
  Pattern: z.string().trim().min(1).max(REDIRECT_PATTERN_MAX_LENGTH),
});
export type RedirectPatternRequest = z.infer<typeof RedirectPatternRequestSchema>;

/** `{ id }` path parameter of admin/redirect-patterns/{id}: a pattern's Id. */
export const RedirectPatternParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(MAX_PATTERN_ID),
});
export type RedirectPatternParams = z.input<typeof RedirectPatternParamsSchema>;

/** POST admin/redirect-patterns/test: the address to test (anything: the tester says why it fails). */
export const RedirectTestRequestSchema = z.object({ Url: z.string().max(4096) });
export type RedirectTestRequest = z.infer<typeof RedirectTestRequestSchema>;

/**
 * POST admin/redirect-patterns/test: what the real redirect check (redirect.ts `explainRedirect`, the
 * one behind every redirect the hub issues) says of `Url` against today's list: `Allowed`, the first
 * pattern that matches (`MatchedPattern`), or why none does (`Reason`, one of {@link REDIRECT_REFUSALS};
 * null when allowed).
 */
export const RedirectTestResponseSchema = z.object({
  Allowed: z.boolean(),
  MatchedPattern: z.string().nullable(),
  Reason: z.enum(REDIRECT_REFUSALS).nullable(),
});
export type RedirectTestResponse = z.infer<typeof RedirectTestResponseSchema>;
