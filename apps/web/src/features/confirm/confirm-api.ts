/**
 * E-mail confirmation calls (spec §7 Registration: POST register/verify, POST email/confirm,
 * POST email/send-confirmation-email).
 */
import { useMutation } from '@tanstack/react-query';
import {
  ConfirmResponseSchema,
  type ConfirmResponse,
  type SendConfirmationEmailRequest,
} from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';

/** Which link: the TWO-POINT-STUDIOS register verification, or the e-mail confirmation. */
export type LinkKind = 'register-verify' | 'email-confirm';

/** Confirms a link's secret → { Success, RedirectUrl }. */
export function useConfirmLink(kind: LinkKind) {
  const api = useApi();
  return useMutation({
    mutationFn: (secret: string): Promise<ConfirmResponse> =>
      kind === 'register-verify'
        ? api.call('POST', 'register/verify', {
            body: { VerificationCode: secret },
            schema: ConfirmResponseSchema,
          })
        : api.call('POST', 'email/confirm', { body: { Uid: secret }, schema: ConfirmResponseSchema }),
  });
}

/** Asks for a new confirmation e-mail (always 200, spec §7). */
export function useSendConfirmation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SendConfirmationEmailRequest) =>
      afterSubmitDelay(() => api.call('POST', 'email/send-confirmation-email', { body })),
  });
}
