/**
 * The authenticator app's codes (RFC 6238 TOTP: HMAC-SHA-1, 6 digits, 30-second steps) with otplib 13,
 * and its enrolment QR code with qrcode (an SVG rendered on the server, so the SPA carries no QR
 * library). A code is accepted in the current step and one step either side (clock drift), and only
 * in a step later than the last accepted one (RFC 6238 §5.2: no code twice).
 */
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 parameters (the authenticator apps' defaults). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** A new random secret, base32 (RFC 4648; 20 bytes = 160 bits, RFC 4226 §4's recommendation). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The Key URI the apps scan (`otpauth://totp/<issuer>:<label>?secret=…&issuer=…`). */
export function otpauthUri(issuer: string, label: string, secret: string): string {
  return generateURI({ issuer, label, secret });
}

/**
 * The QR code of `uri`, an SVG document. qrcode is loaded at the first enrolment, not with the node
 * (issue 23 P5: load what a node needs to serve its first request).
 */
export async function qrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * Checks `code` against `secret` at the current time, ±1 step, later than `afterStep`.
 * @returns the accepted step (seconds since the epoch / 30), or null
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
