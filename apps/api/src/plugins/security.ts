/**
 * Security headers (house rule 9; DESIGN.md §5): a strict Content-Security-Policy (no inline script
 * or style), no framing (CSP frame-ancestors 'none' and X-Frame-Options: DENY), no referrer (e-mailed
 * links carry single-use tokens), HSTS whenever the public URL is https, a Permissions-Policy that
 * turns off every powerful feature the portal does not use.
 *
 * Two policies. The SPA's page (modules/web/static.ts) gets the document policy of
 * {@link documentDirectives} with a fresh style nonce (`reply.documentPolicy()`, 128 random bits): the
 * page hands it to React Aria, whose one injected `<style>` (touch-action of pressable elements) is
 * allowed by it and nothing else is. Every other answer — JSON, assets, redirects — renders no
 * document, so it gets OWASP's policy for APIs, `default-src 'none'; frame-ancestors 'none'` (the OIDC
 * provider's few plain pages set their own, modules/oidc/provider.ts). Both header sets are built
 * once at start (helmet's middleware, string directives only); an answer pays for its nonce and
 * policy string only when it is the page (issue 23: building helmet per request, as @fastify/helmet
 * does, was 15 % of token/verify's CPU).
 */
import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/config.ts';

function origin(url: string): string {
  return new URL(url).origin;
}

/**
 * Origins the page may load the captcha from and talk to (spec §4 captcha): the configured script's
 * origin — plus www.gstatic.com, where Google's api.js loads the rest from — only when the flag is on.
 */
export function captchaOrigins(config: AppConfig): string[] {
  if (!config.features.enableCaptcha) return [];
  const scriptOrigin = origin(config.captcha.scriptUrl);
  return scriptOrigin === 'https://www.google.com'
    ? [scriptOrigin, 'https://www.gstatic.com']
    : [scriptOrigin];
}

/** The partner SSO resend service's origin this deployment's SPA calls (spec §2 Unverified-account page). */
function partnerSsoOrigins(config: AppConfig): string[] {
  const url = config.isProd ? config.partnerSsoResendUrls.prod : config.partnerSsoResendUrls.test;
  return url ? [origin(url)] : [];
}

/** Where the real providers serve account avatars (spec §3 Connection Avatar). */
const PROVIDER_AVATAR_CDNS = [
  'https://avatars.steamstatic.com',
  'https://avatars.akamai.steamstatic.com',
  'https://static-cdn.jtvnw.net',
];

/**
 * Origins the Connections page may show avatars from (spec §2 Connections): the configured linked
 * providers' own origins (the sandbox serves avatars there) and the real providers' avatar CDNs.
 */
export function avatarOrigins(config: AppConfig): string[] {
  const { steam, twitch, epicGames } = config.linking;
  return [origin(steam.openidUrl), origin(twitch.issuer), origin(epicGames.issuer), ...PROVIDER_AVATAR_CDNS];
}

/**
 * The Permissions-Policy of every answer (W3C Permissions Policy): no page of the portal uses a camera,
 * microphone, location, payment or device port, and no frame may; passkeys (WebAuthn) and fullscreen only
 * for the portal itself.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Gives this answer the SPA document's Content-Security-Policy ({@link documentDirectives}) with a
     * fresh style nonce, and returns that nonce (32 hex characters) for the page's
     * `<meta property="csp-nonce">`.
     */
    documentPolicy(): string;
  }
}

/** Where the document policy built at start has each answer's style nonce (not a possible nonce: not hex). */
const NONCE_PLACEHOLDER = 'style-nonce-of-the-answer';

/**
 * The SPA document's CSP directives (helmet's names): its own origin for scripts, styles, fonts and
 * calls; images also from the media server and the linked providers' avatars; the captcha's origins
 * where it is on; the partner SSO resend service; no plugins, no `<base>`, no framing, forms to itself.
 * `styleNonce` is the answer's nonce source (`'nonce-…'`), added to style-src.
 */
export function documentDirectives(
  config: AppConfig,
  styleNonce: string,
): NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>['directives']> {
  const captcha = captchaOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha],
    styleSrc: ["'self'", styleNonce],
    imgSrc: [...new Set(["'self'", 'data:', origin(config.mediaUrl), ...avatarOrigins(config)])],
    fontSrc: ["'self'"],
    connectSrc: [...new Set(["'self'", ...captcha, ...partnerSsoOrigins(config)])],
    frameSrc: ["'self'", ...captcha],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The headers `middleware` (helmet's, built once) sets, read off a real `ServerResponse` that is never
 * sent: with string directives only they are the same for every answer, so each answer can get them as
 * one object through Fastify's reply (no per-answer `setHeader` calls on the raw response, which made
 * Node validate each one again and leave its fast path for the head).
 */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const probe = new ServerResponse(request);
  middleware(request, probe, (error) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return Object.fromEntries(Object.entries(probe.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * Registers the security headers of every answer (helmet's, with the policy for answers that are no
 * document, and the Permissions-Policy; computed once, sent by one `onRequest` hook) and
 * `reply.documentPolicy()` for the SPA's page.
 * @throws Error at start when helmet refuses an option
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = {
    ...headersSetBy(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        },
        referrerPolicy: { policy: 'no-referrer' },
        // One frame policy: CSP frame-ancestors 'none' and, for older browsers, X-Frame-Options: DENY.
        frameguard: { action: 'deny' },
        hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
      }),
    ),
    'permissions-policy': PERMISSIONS_POLICY,
  } as const;
  // The page's policy with a placeholder where each answer's nonce goes.
  const documentPolicy = headersSetBy(
    helmet.contentSecurityPolicy({
      useDefaults: false,
      directives: documentDirectives(config, `'nonce-${NONCE_PLACEHOLDER}'`),
    }),
  )['content-security-policy'];
  app.decorateReply('documentPolicy', function documentPolicyOf(this: FastifyReply): string {
    const nonce = randomBytes(16).toString('hex');
    void this.header('content-security-policy', documentPolicy.replace(NONCE_PLACEHOLDER, nonce));
    return nonce;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/**
 * Takes the answer over from Fastify (`reply.hijack()`, for a handler that writes the raw response
 * itself — the OpenID provider) and keeps the headers set so far on it (the security headers of
 * {@link registerSecurityHeaders}), which Fastify sends only with answers it writes.
 */
export function hijackKeepingHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
}
