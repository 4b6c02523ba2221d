/**
 * Reading a rejected recovery call (spec §8 PASSWORD_RECOVERY NOTEXISTS / EXPIRED: "Your link is
 * invalid." / "Your link has expired."): is the link itself dead, so the reset page should offer a new
 * one rather than its form?
 */
import { isApiError } from '../../shared/api/api-error.ts';

/** The codes of a recovery link that cannot be used any more. */
const DEAD_LINK_CODES: readonly string[] = [
  'ERROR_PASSWORD_RECOVERY_NOTEXISTS',
  'ERROR_PASSWORD_RECOVERY_EXPIRED',
];

/**
 * The dead-link code of a rejected recovery call (an unknown, used or expired link, as a general
 * error of a 400), else null.
 * @param error the rejection of POST password/password-recovery-check or -validation
 */
export function deadLinkCode(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const item = error.body?.ErrorMessages.find(
    (candidate) => candidate.Property === '' && DEAD_LINK_CODES.includes(candidate.ErrorMessage),
  );
  return item?.ErrorMessage ?? null;
}
