/**
 * Keeps secrets out of the request log (house rule 9: "no secrets in logs or URLs after use"): the
 * logged URL loses its query (e-mail link uids, unsubscribe tokens, OAuth codes) and the identity
 * handle of GET token/{identity} (DESIGN.md §5).
 */

/** `url` as it may be logged: path only, with the identity handle of `/api/token/…` masked. */
export function redactUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/^(\/api\/token\/)(?!refresh$|verify$)[^/]+$/, '$1[redacted]');
}

/** A pino `req` serializer using {@link redactUrl}; the shape pino's default serializer logs. */
export function requestSerializer(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
