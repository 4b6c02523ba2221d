/**
 * The exporters "Download my data" runs (issue 22 §8; GDPR art. 15/20): one {@link PlayerDataExporter}
 * per module holding player data, each from that module's public `index.ts`, beside its eraser
 * (db/player-data.ts). exporters.test.ts fails when a table an eraser of account deletion knows is
 * neither read by an exporter here nor listed in {@link TABLES_NOT_EXPORTED} with the reason.
 */
import type { Database } from '../../db/schema.ts';
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { playerDataExporter as accounts } from '../accounts/index.ts';
import { playerDataExporter as cookies } from '../cookies/index.ts';
import { playerDataExporter as newsletter } from '../newsletter/index.ts';
import { playerDataExporter as linking } from '../linking/index.ts';
import { playerDataExporter as blocks } from '../blocks/index.ts';
import { playerDataExporter as survey } from '../survey/index.ts';
import { playerDataExporter as session } from '../session/index.ts';
import { playerDataExporter as audit } from '../audit/index.ts';
import { playerDataExporter as oidc } from '../oidc/index.ts';
import { playerDataExporter as mail } from '../outbound-mail/index.ts';
import { playerDataExporter as accessKey } from '../access-key/index.ts';
import { playerDataExporter as secondFactors } from '../second-factors/index.ts';
import { playerDataExporter as staff } from '../staff/index.ts';

/** Every exporter, in the order of the document's sections. */
export const PLAYER_DATA_EXPORTERS: readonly PlayerDataExporter[] = [
  accounts,
  cookies,
  newsletter,
  linking,
  blocks,
  survey,
  session,
  audit,
  oidc,
  mail,
  accessKey,
  secondFactors,
  staff,
];

/**
 * Tables holding rows about the player that the export leaves out, each with why: most hold only
 * credentials (hashes, sealed values, PKCE verifiers) of short-lived single-use steps, which GDPR's
 * access right does not call for and which must never leave the store; the staff audit trail is the
 * console's record of what staff did (issue 24).
 */
export const TABLES_NOT_EXPORTED: Readonly<Partial<Record<keyof Database, string>>> = {
  refresh_tokens:
    "a session's rotating refresh tokens: hashes and sealed successors only (the session is exported)",
  email_tokens:
    'single-use e-mail links (confirmation, recovery, e-mail update): hashes, expiring within days',
  second_factor_tickets: "a log-in's pending second step: a ticket's hash, expiring within 5 minutes",
  webauthn_challenges: 'passkey challenges handed out: their hashes, expiring within 5 minutes',
  link_states: 'a provider link in progress: state hash, PKCE verifier and nonce, expiring within minutes',
  staff_audit_events:
    "the operator console's trail of staff actions (issue 24): what staff did, kept for accountability, " +
    "not the player's own activity (their role is exported by the staff module)",
};
