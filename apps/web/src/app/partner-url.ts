/**
 * Pure helpers of the partner sign-on redirect (spec §2 /login, /register in CREATIVE-ASSEMBLY and FOCUS;
 * §7 partner calls).
 */
import { ENVIRONMENT_BEHAVIOUR, type Environment } from '@guildgate/contracts';

/** The partner's path segment in the §7 partner calls. */
export function partnerSlug(environment: Environment): string {
  return ENVIRONMENT_BEHAVIOUR[environment].partnerKey ?? 'creative-assembly';
}

/** Page parameters that are ours (SSO carry-over), not tracking parameters. */
const OWN_PARAMETERS = new Set(['redirectUrl', 'client_id', 'redirect_uri', 'state', 'lng']);

/**
 * `url` with the page's tracking parameters added (spec §2 /login "with tracking parameters added"):
 * every query parameter of the page that is not an SSO parameter (e.g. utm_source, referrer, gclid),
 * unless the partner URL already carries it.
 */
export function withTrackingParameters(url: string, pageQuery: URLSearchParams): string {
  const target = new URL(url);
  for (const [key, value] of pageQuery) {
    if (OWN_PARAMETERS.has(key) || target.searchParams.has(key)) continue;
    target.searchParams.append(key, value);
  }
  return target.toString();
}
