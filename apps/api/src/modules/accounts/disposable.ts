/**
 * Disposable e-mail domains from the npm `disposable-email-domains` list (spec §5 "not disposable").
 * A sub-domain of a listed domain counts as disposable too.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const DOMAINS = new Set<string>(require('disposable-email-domains') as string[]);

/** True when the address's domain (or a parent domain) is on the disposable list. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (DOMAINS.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
