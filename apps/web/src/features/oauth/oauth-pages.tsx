/**
 * OAuth pages (spec §2 route table: /oauth "Reads the query and redirects"; /oauth/partner the partner
 * login callback; /oauth/partner/register and /confirm the PartnerRegister 'Confirm username' page;
 * §7 GET oauth (all page query parameters) → RedirectUri; GET focus/oauth/partner or
 * creativeassembly/oauth/partner (GET partner/log-in elsewhere) → Created or CreateAccount;
 * POST partner/user/register → Created; GET partner/user/{created}/log-in → Created).
 * Failures go to the generic handler (spec §8).
 */
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ENDPOINTS,
  ENVIRONMENT_BEHAVIOUR,
  type PartnerCallbackResponse,
  type RuntimeConfiguration,
} from '@guildgate/contracts';
import { captchaRefusal, useCaptchaToken } from '../../shared/captcha/captcha.ts';
import type { ApiClient } from '../../shared/api/api-client.ts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { partnerCallbackStep } from '../../shared/config/feature-switches.ts';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { wantedClientId, wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { useFollowRedirect } from '../../shared/redirect/use-redirect.ts';
import { useSessionStore } from '../../shared/session/session-context.tsx';
import { rememberSsoIdentity, ssoIdentity } from '../../shared/session/sso-identity.ts';
import {
  CaptchaNotice,
  CheckboxField,
  ErrorSummary,
  SubmitButton,
  TextField,
  ui,
} from '../../shared/ui/index.ts';

/** Holds the partner identity of a callback answer for the next pages (spec §3 Client state). */
function holdIdentity(answer: PartnerCallbackResponse): void {
  if (answer.SSOId !== null && answer.SSOEmail !== null) {
    rememberSsoIdentity({ id: answer.SSOId, email: answer.SSOEmail });
  }
}

/** The consents of the partner registration (spec §3 Partner register payload). */
interface PartnerConsents {
  ApprovePrivacyPolicy: boolean;
  ApproveEULA: boolean;
}

function queryObject(search: URLSearchParams): Record<string, string> {
  return Object.fromEntries(search);
}

/**
 * The captcha step of the partner registration flow (spec §4 "form, then (captcha verify), then
 * register"; §7 POST recaptcha/verify → Success, IsValid): nothing when the captcha is off.
 * @returns the verified token, which the register call presents once more
 * @throws ApiError 400 ERROR_CAPTCHA_VERIFY_FAILED when the verifier did not answer,
 *   ERROR_CAPTCHA_REGISTER_INVALID when the token is not a human's (spec §5 Captcha)
 */
async function verifyPartnerCaptcha(api: ApiClient, token: string | null): Promise<string | null> {
  if (token === null) return null;
  const { Success, IsValid } = await api.call(ENDPOINTS.postRecaptchaVerify, { body: { Token: token } });
  if (!Success) throw captchaRefusal('ERROR_CAPTCHA_VERIFY_FAILED');
  if (!IsValid) throw captchaRefusal('ERROR_CAPTCHA_REGISTER_INVALID');
  return token;
}

/**
 * Registers a new partner player, then logs them in automatically (spec §4 partner registration flow;
 * §7 POST partner/user/register → Created, GET partner/user/{created}/log-in → Created).
 * @param captchaToken the register token of the captcha (null when it is off), verified first
 * @returns the identity handle to establish the session with
 */
async function registerPartnerPlayer(
  api: ApiClient,
  config: RuntimeConfiguration,
  search: URLSearchParams,
  Username: string,
  consents: PartnerConsents,
  captchaToken: string | null,
): Promise<{ Created: string }> {
  const ReCAPTCHAToken = await verifyPartnerCaptcha(api, captchaToken);
  const identity = ssoIdentity();
  const { Created } = await api.call(ENDPOINTS.postPartnerUserRegister, {
    body: {
      ReCAPTCHAToken,
      Username,
      ...consents,
      ApproveCodeOfConduct: true,
      // As before the table: a missing state is sent as null, which the API refuses (400).
      State: search.get('state') as string,
      Email: identity?.email ?? null,
      Id_SSO: identity?.id ?? null,
      Partner: config.environmentName,
      ClientId: wantedClientId(search, config.clientId),
      StudioName: config.registerStudioName,
    },
  });
  return api.call(ENDPOINTS.getPartnerUserLogIn, { params: { created: Created } });
}

/**
 * Runs `flow` once (StrictMode-safe) as a mutation, so that the header's Loading label shows meanwhile;
 * a failure goes to the generic handler (spec §8).
 */
function useFlowOnce(flow: () => Promise<unknown>) {
  const onError = useErrorHandler();
  const done = useRef(false);
  const { mutate } = useMutation({
    mutationFn: async () => {
      try {
        await flow();
      } catch (error) {
        onError(error);
      }
    },
  });
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    mutate();
  }, [mutate]);
}

/** A page without UI: a heading for assistive technology; the header shows Loading. */
function NoUi({ heading }: { heading: string }) {
  return (
    <section aria-labelledby="no-ui-heading">
      <h1 id="no-ui-heading" className="visually-hidden">
        {heading}
      </h1>
    </section>
  );
}

/** /oauth: asks the API where this authorisation request goes, then follows it. */
export function OAuthPage() {
  const { t } = useTranslation();
  const api = useApi();
  const follow = useFollowRedirect();
  const [search] = useSearchParams();
  useFlowOnce(async () => {
    const answer = await api.call(ENDPOINTS.getOAuth, { query: queryObject(search) });
    await follow([answer.RedirectUri], '/');
  });
  return <NoUi heading={t('oauth.heading')} />;
}

/** /oauth/partner: the partner sign-on callback → session, or PartnerRegister. */
export function PartnerCallbackPage() {
  const { t } = useTranslation();
  const api = useApi();
  const store = useSessionStore();
  const follow = useFollowRedirect();
  const navigate = useNavigate();
  const { config } = useAppConfiguration();
  const [search] = useSearchParams();
  const captcha = useCaptchaToken();
  useFlowOnce(async () => {
    // §7: focus/oauth/partner, creativeassembly/oauth/partner; partner/log-in outside the partner environments.
    const partner = ENVIRONMENT_BEHAVIOUR[config.environmentName].partnerKey;
    const endpoint =
      partner === 'focus'
        ? ENDPOINTS.getFocusOAuthPartner
        : partner === 'creative-assembly'
          ? ENDPOINTS.getCreativeAssemblyOAuthPartner
          : ENDPOINTS.getPartnerLogIn;
    const answer = await api.call(endpoint, { query: queryObject(search) });
    holdIdentity(answer);
    if (!answer.Validated) {
      // The partner account's e-mail is not verified (spec §2 Unverified-account page).
      await navigate('/unverified-account', { replace: true });
      return;
    }
    const step = partnerCallbackStep(answer, config.features);
    if (step === 'confirm-username') {
      const next = new URLSearchParams({ state: search.get('state') ?? '' });
      if (answer.Username) next.set('username', answer.Username);
      await navigate({ pathname: '/oauth/partner/register', search: next.toString() }, { replace: true });
      return;
    }
    const created =
      step === 'log-in' && answer.Created
        ? answer.Created
        : (
            await registerPartnerPlayer(
              api,
              config,
              search,
              answer.Username ?? '',
              { ApprovePrivacyPolicy: true, ApproveEULA: true },
              await captcha('register'),
            )
          ).Created;
    if (await store.establish(created)) await follow([wantedRedirect(search)], '/account');
    else await navigate('/', { replace: true });
  });
  return <NoUi heading={t('oauth.partnerHeading')} />;
}

const REGISTER_FIELDS = ['Username', 'ApprovePrivacyPolicy', 'ApproveEULA'] as const;

/** Values of the 'Confirm username' form. */
interface PartnerRegisterValues extends PartnerConsents {
  Username: string;
  /** Hidden trap checkbox (spec §3): when set, nothing is sent. */
  Additional: boolean;
}

/** /oauth/partner/register and /confirm: 'Confirm username', then automatic log-in (spec §4). */
export function PartnerRegisterPage() {
  const { t } = useTranslation();
  const api = useApi();
  const store = useSessionStore();
  const follow = useFollowRedirect();
  const navigate = useNavigate();
  const { config } = useAppConfiguration();
  const [search] = useSearchParams();
  const captcha = useCaptchaToken();
  const email = ssoIdentity()?.email ?? '';
  const registerPartner = useMutation({
    mutationFn: ({ Username, ...consents }: PartnerConsents & { Username: string }) =>
      afterSubmitDelay(async () =>
        registerPartnerPlayer(api, config, search, Username, consents, await captcha('register')),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<PartnerRegisterValues>({
    defaultValues: {
      Username: search.get('username') ?? '',
      ApprovePrivacyPolicy: false,
      ApproveEULA: false,
      Additional: false,
    },
  });
  const server = useServerErrors(REGISTER_FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (registerPartner.isPending) return;
    // spec §4 bot trap: with the hidden Additional set, nothing is sent.
    if (values.Additional) return;
    server.clear();
    const { ApprovePrivacyPolicy, ApproveEULA } = values;
    registerPartner.mutate(
      { Username: values.Username.trim(), ApprovePrivacyPolicy, ApproveEULA },
      {
        onSuccess: ({ Created }) =>
          void store
            .establish(Created)
            .then((established) =>
              established ? follow([wantedRedirect(search)], '/account') : navigate('/', { replace: true }),
            ),
        onError: (error) => server.apply(error),
      },
    );
  });
  return (
    <section className={ui.card} aria-labelledby="partner-register-heading">
      <h1 id="partner-register-heading">{t('oauth.registerHeading')}</h1>
      <p>{t('oauth.registerIntro')}</p>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <TextField
          label={t('oauth.username')}
          autoComplete="username"
          spellCheck={false}
          error={formState.errors.Username?.message}
          {...register('Username')}
        />
        <TextField label={t('oauth.email')} value={email} readOnly autoComplete="email" />
        <CheckboxField
          label={t('register.approvePrivacyPolicy')}
          error={formState.errors.ApprovePrivacyPolicy?.message}
          {...register('ApprovePrivacyPolicy')}
        />
        <CheckboxField
          label={t('register.approveEula')}
          error={formState.errors.ApproveEULA?.message}
          {...register('ApproveEULA')}
        />
        <div className={ui.trap} aria-hidden="true">
          <label htmlFor="partner-register-additional">{t('register.trapCheckbox')}</label>
          <input
            id="partner-register-additional"
            type="checkbox"
            tabIndex={-1}
            autoComplete="off"
            {...register('Additional')}
          />
        </div>
        <CaptchaNotice action="register" />
        <div className={ui.actions}>
          <SubmitButton busy={registerPartner.isPending}>{t('oauth.confirm')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
