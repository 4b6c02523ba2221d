/**
 * Login calls (spec §7 "Login, logout, partner": POST log/identify, POST log/log-in,
 * POST log/user/{id}/log-in, POST partner/login-url; issue 22 §4 POST log/second-factor), each delayed by the submit delay (spec §4, §9).
 * The three log-in calls carry the captcha token of the action login when the captcha is on (spec §4).
 */
import { useMutation } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type IdentifyRequest,
  type IdentifyResponse,
  type EndpointBody,
  type LoginRequest,
  type UserLoginRequest,
} from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useCaptchaToken, useStepUpCaptchaToken, withCaptchaStepUp } from '../../shared/captcha/captcha.ts';

/** Step 1 of the two-step login: identify the player (spec §2 Login, §4 Login). */
export function useIdentify() {
  const api = useApi();
  const captcha = useCaptchaToken();
  return useMutation({
    mutationFn: (body: IdentifyRequest) =>
      afterSubmitDelay(async () =>
        api.call(ENDPOINTS.postLogIdentify, { body: { ...body, Token: await captcha('login') } }),
      ),
  });
}

/**
 * Step 2 of the two-step login: the password of the identified player → Created; asked for a captcha
 * by the log-in throttle, it passes one and sends again.
 */
export function useUserLogin() {
  const api = useApi();
  const captcha = useCaptchaToken();
  const stepUp = useStepUpCaptchaToken();
  return useMutation({
    mutationFn: ({ idUser, body }: { idUser: string; body: UserLoginRequest }) =>
      afterSubmitDelay(async () =>
        withCaptchaStepUp(
          (Token) =>
            api.call(ENDPOINTS.postLogUserLogIn, { params: { id: idUser }, body: { ...body, Token } }),
          await captcha('login'),
          () => stepUp('login'),
        ),
      ),
  });
}

/**
 * The one-step login (TWO-POINT-STUDIOS and SANDBOX) → Created; asked for a captcha by the log-in
 * throttle, it passes one and sends again.
 */
export function useOneStepLogin() {
  const api = useApi();
  const captcha = useCaptchaToken();
  const stepUp = useStepUpCaptchaToken();
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      afterSubmitDelay(async () =>
        withCaptchaStepUp(
          (Token) => api.call(ENDPOINTS.postLogLogIn, { body: { ...body, Token } }),
          await captcha('login'),
          () => stepUp('login'),
        ),
      ),
  });
}

/**
 * The log-in's second step (issue 22 §4): the ticket of the password step and a code, a recovery code
 * or a passkey's answer → Created.
 */
export function useSecondFactorLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof ENDPOINTS.postLogSecondFactor>) =>
      afterSubmitDelay(() => api.call(ENDPOINTS.postLogSecondFactor, { body })),
  });
}

/** The partner login URL of a player whose AuthType is 2 (spec §2 LoginPartner). */
export function usePartnerLoginUrl() {
  const api = useApi();
  return useMutation({
    mutationFn: ({
      user,
      redirectUrl,
      clientId,
    }: {
      user: IdentifyResponse;
      redirectUrl: string;
      clientId: string;
    }) =>
      afterSubmitDelay(() =>
        api.call(ENDPOINTS.postPartnerLoginUrl, {
          query: { redirectUrl, clientId },
          body: {
            Id_User: user.Id_User,
            AuthPartner: user.AuthPartner,
            Username: user.Username,
            Email: user.Email,
          },
        }),
      ),
  });
}
