/**
 * E-mail confirmation calls (spec §7 Registration: POST register/verify, POST email/confirm,
 * POST email/send-confirmation-email).
 */
import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type ConfirmResponse, type SendConfirmationEmailRequest } from '@guildgate/contracts';
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
        ? api.call(ENDPOINTS.postRegisterVerify, { body: { VerificationCode: secret } })
        : api.call(ENDPOINTS.postEmailConfirm, { body: { Uid: secret } }),
  });
}

/** Asks for a new confirmation e-mail (always 200, spec §7). */
export function useSendConfirmation() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: SendConfirmationEmailRequest) =>
      afterSubmitDelay(() => api.call(ENDPOINTS.postEmailSendConfirmationEmail, { body })),
  });
}
