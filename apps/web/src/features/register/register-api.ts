/**
 * POST register/new-user (spec §7 Registration; §3 Register form), after the submit delay (spec §4, §9),
 * with the captcha token of the action register as ReCAPTCHAToken when the captcha is on.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useCaptchaToken } from '../../shared/captcha/captcha.ts';

/** The register call; resolves on 201. */
export function useRegisterUser() {
  const api = useApi();
  const captcha = useCaptchaToken();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      afterSubmitDelay(async () =>
        api.call('POST', 'register/new-user', {
          body: { ...body, ReCAPTCHAToken: await captcha('register') },
        }),
      ),
  });
}
