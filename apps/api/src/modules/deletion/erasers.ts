/**
 * The erasers account deletion runs (spec §4 Deletion; issue 20 §4): one {@link PlayerDataEraser} per
 * module holding player data, each from that module's public `index.ts`. Deletion calls them all in its
 * one transaction, in this order, the accounts eraser (the `users` row) last; erasers.test.ts fails when a
 * table of the schema is neither erased here nor listed as holding no player data.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { playerDataEraser as audit } from '../audit/index.ts';
import { playerDataEraser as blocks } from '../blocks/index.ts';
import { playerDataEraser as cookies } from '../cookies/index.ts';
import { playerDataEraser as mail } from '../outbound-mail/index.ts';
import { playerDataEraser as newsletter } from '../newsletter/index.ts';
import { playerDataEraser as session } from '../session/index.ts';
import { playerDataEraser as email } from '../email-address/index.ts';
import { playerDataEraser as linking } from '../linking/index.ts';
import { playerDataEraser as oidc } from '../oidc/index.ts';
import { playerDataEraser as survey } from '../survey/index.ts';
import { playerDataEraser as accessKey } from '../access-key/index.ts';
import { playerDataEraser as secondFactors } from '../second-factors/index.ts';
import { playerDataEraser as staff } from '../staff/index.ts';
import { playerDataEraser as accounts } from '../accounts/index.ts';

/** The module whose eraser deletes the player's row, and so runs after every other. */
export const ACCOUNTS_MODULE = 'accounts';

/** Every eraser, in the order deletion runs them (accounts last). */
export const PLAYER_DATA_ERASERS: readonly PlayerDataEraser[] = orderedForDeletion([
  mail,
  blocks,
  newsletter,
  cookies,
  audit,
  session,
  email,
  linking,
  oidc,
  survey,
  accessKey,
  secondFactors,
  staff,
  accounts,
]);

/** `erasers` in their order, except that the accounts eraser (if any) is moved to the end. */
export function orderedForDeletion(erasers: readonly PlayerDataEraser[]): PlayerDataEraser[] {
  return [
    ...erasers.filter((e) => e.module !== ACCOUNTS_MODULE),
    ...erasers.filter((e) => e.module === ACCOUNTS_MODULE),
  ];
}
