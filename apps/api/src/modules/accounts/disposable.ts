/**
 * Disposable e-mail domains from the npm `disposable-email-domains` list (spec §5 "not disposable").
 * A sub-domain of a listed domain counts as disposable too. The list (some 9 MB of a node's memory) is
 * read at its first use — a registration or an e-mail change — not when the node starts (issue 23 P5).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let domains: Set<string> | undefined;

/** True when the address's domain (or a parent domain) is on the disposable list. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  domains ??= new Set<string>(require('disposable-email-domains') as string[]);
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (domains.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
