/**
 * Update username (spec §2 Update username; §5 username rules; §7 POST
 * profile/user/{userId}/update-username). Partner environments cannot change it (spec §2 My
 * information: "In CREATIVE-ASSEMBLY and FOCUS, email and username cannot be updated").
 */
import { ENVIRONMENT_BEHAVIOUR } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { audit } from '../audit/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { getUserById, setUsername, usernameError, usernameTaken } from '../accounts/index.ts';

/**
 * Gives player `userId` the username `requested` (trimmed).
 * @throws AppError 400 — Username: ERROR_USERNAME_LENGTH / _PATTERN / _LETTERS / _EMAIL / _EXIST;
 *   general ERROR_NOT_ALLOWED in the partner environments
 */
export async function updateUsername(
  ctx: AppContext,
  userId: number,
  requested: string,
  ip: string | null,
): Promise<void> {
  if (ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerSignOn) throw badRequest('ERROR_NOT_ALLOWED');
  const username = requested.trim();
  const ruleError = usernameError(username);
  if (ruleError) throw badRequest(ruleError, 'Username');
  let idUser: string;
  try {
    idUser = await ctx.db.transaction().execute(async (trx) => {
      if (await usernameTaken(trx, username, userId)) throw badRequest('ERROR_USERNAME_EXIST', 'Username');
      const previous = await getUserById(trx, userId);
      await setUsername(trx, userId, username);
      await audit({ db: trx }, userId, 'username.updated', ip, { from: previous.username, to: username });
      return previous.id_user;
    });
  } catch (error) {
    // A concurrent update took the name between the check and the write.
    if (isUniqueViolation(error)) throw badRequest('ERROR_USERNAME_EXIST', 'Username');
    throw error;
  }
  // GET token/verify answers the username: the player's verified tokens carried the old one.
  await ctx.verifiedTokens.forgetPlayer(idUser);
}
