/**
 * The pluggable e-mail reputation check (spec §5 Email: "mailbox must exist, not high-risk domain"; §8
 * ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST, ERROR_EMAIL_HIGH_RISK). With `EMAIL_CHECK_URL` set, the API asks
 * `GET {EMAIL_CHECK_URL}?address=…` for `{"mailboxExists": boolean, "highRisk": boolean}` — the sandbox
 * implements it at `/email-check`; a production deployment points it at its provider's adapter.
 * It fails open: when the service does not answer well within {@link EMAIL_CHECK_TIMEOUT_MS}, the
 * address passes (an address without a mailbox still cannot confirm the account) and a warning is
 * logged, so an outage of the provider does not stop registrations.
 */
import { z } from 'zod';
import type { ErrorCode } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';

/** How long the check may take, in ms. */
export const EMAIL_CHECK_TIMEOUT_MS = 3000;

const AnswerSchema = z.object({ mailboxExists: z.boolean(), highRisk: z.boolean() });

/**
 * What the reputation service says of `email`: ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST,
 * ERROR_EMAIL_HIGH_RISK, or null (fine, not checked, or the service failed).
 */
export async function emailReputationError(ctx: AppContext, email: string): Promise<ErrorCode | null> {
  if (!ctx.config.emailCheckUrl) return null;
  const url = new URL(ctx.config.emailCheckUrl);
  url.searchParams.set('address', email.trim());
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(EMAIL_CHECK_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const answer = AnswerSchema.parse(await response.json());
    if (!answer.mailboxExists) return 'ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST';
    if (answer.highRisk) return 'ERROR_EMAIL_HIGH_RISK';
    return null;
  } catch (error) {
    ctx.log.warn({ err: error }, 'e-mail check unavailable: the address passes unchecked');
    return null;
  }
}
