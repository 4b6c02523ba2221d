/**
 * Security headers (house rule 9; DESIGN.md §5): a strict Content-Security-Policy (no inline script
 * or style), no framing (CSP frame-ancestors 'none' and X-Frame-Options: DENY), no referrer (e-mailed
 * links carry single-use tokens), HSTS whenever the public URL is https, a Permissions-Policy that
 * turns off every powerful feature the portal does not use. Every
 * answer's policy carries fresh nonces (`reply.cspNonce`, 128 random bits): the SPA's page hands the
 * style nonce to React Aria, whose one injected `<style>` (touch-action of pressable elements) is
 * allowed by it and nothing else is (modules/web/static.ts).
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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

/** Registers helmet with the portal's policy, and the Permissions-Policy. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const media = origin(config.mediaUrl);
  const captcha = captchaOrigins(config);
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...captcha],
        styleSrc: ["'self'"],
        imgSrc: [...new Set(["'self'", 'data:', media, ...avatarOrigins(config)])],
        fontSrc: ["'self'"],
        connectSrc: [...new Set(["'self'", ...captcha, ...partnerSsoOrigins(config)])],
        frameSrc: ["'self'", ...captcha],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // One frame policy: CSP frame-ancestors 'none' and, for older browsers, X-Frame-Options: DENY.
    frameguard: { action: 'deny' },
    hsts: config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}
