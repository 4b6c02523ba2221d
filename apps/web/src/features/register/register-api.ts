/**
 * The register calls: GET register/form-token as the page loads (the server's clock of the too-fast rule,
 * spec §4; docs/security.md "Too fast"), and POST register/new-user (spec §7 Registration; §3 Register
 * form) after the submit delay (spec §4, §9), with the captcha token of the action register as
 * ReCAPTCHAToken when the captcha is on.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type RegisterRequest } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useCaptchaToken } from '../../shared/captcha/captcha.ts';

/**
 * The form token of this page load: asked once as the form mounts, never reused by a later visit (each
 * load of the page starts the server's 15 s anew); `refetch` gets a new one (an expired form, or none
 * could be had as the page loaded). Not retried on its own: the submit asks again, at once, when the
 * page has none.
 */
export function useRegisterFormToken() {
  const api = useApi();
  return useQuery({
    queryKey: ['register', 'form-token'],
    queryFn: () => api.call(ENDPOINTS.getRegisterFormToken, { cache: 'no-store' }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The register call; resolves on 201. */
export function useRegisterUser() {
  const api = useApi();
  const captcha = useCaptchaToken();
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      afterSubmitDelay(async () =>
        api.call(ENDPOINTS.postRegisterNewUser, {
          body: { ...body, ReCAPTCHAToken: await captcha('register') },
        }),
      ),
  });
}
