/** Display names per environment, used in e-mails (spec §1 environments; the SPA has its own branding). */
import type { Environment } from '@guildgate/contracts';

const NAMES: Partial<Record<Environment, string>> = {
  'TWO-POINT-STUDIOS': 'Two Point Studios',
  'CREATIVE-ASSEMBLY': 'Creative Assembly',
  SANDBOX: 'Sandbox',
  FOCUS: 'Focus',
  AVALANCHE: 'Avalanche',
};

/** The studio's name, or the community brand "Guildgate" for the generic environments. */
export function brandName(environment: Environment): string {
  return NAMES[environment] ?? 'Guildgate';
}
