/**
 * Register page (spec §2 /register and screen Register; §3 Register form; §4 Register, bot traps, too-fast
 * rule, submit protection; §5 rules; §7 POST register/new-user). On success → ConfirmRegister. Every
 * field is checked in the browser with the server's own rules (contracts form-rules.ts) before the
 * too-fast rule, so that message never stands in for a field's error; focus goes to the first field in
 * error (the server's too), else to the general list. The too-fast rule is checked here on the page's
 * clock and on the server by the form token the page asks for as it loads (GET register/form-token); a
 * page that could not get one asks again at submit, and its clock starts then. A call that cannot
 * reach the API keeps the form as typed and offers Retry.
 * Partner environments never render this page: the route guard sends the player to the partner register
 * URL (app/route-rules.ts `partner-register`, app/partner-redirect.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { ApiError, isApiError } from '../../shared/api/api-error.ts';
import {
  forgetCarried,
  readCarried,
  wantedClientId,
  wantedRedirect,
} from '../../shared/redirect/carry-over.ts';
import { externalRedirectUrl } from '../../shared/redirect/redirect-choice.ts';
import { CaptchaNotice, ErrorSummary, SubmitButton, ui } from '../../shared/ui/index.ts';
import { useRegisterFormToken, useRegisterUser } from './register-api.ts';
import { RegisterFields } from './register-fields.tsx';
import {
  isTooFast,
  isTrapped,
  REGISTER_FIELDS,
  registerFormSchema,
  trimmedValues,
  type RegisterFormValues,
} from './register-rules.ts';
import styles from './register.module.css';

const CONFIRM_PATH = '/register/confirm';

function RegisterForm() {
  const { t } = useTranslation();
  const { config, behaviour } = useAppConfiguration();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const registerUser = useRegisterUser();
  // The server's clock of the too-fast rule: asked as the form mounts, sent back with it.
  const formToken = useRegisterFormToken();
  const loadedAt = useRef(0);
  const twoPoint = behaviour.twoPointRegister;
  const newsletter = config.features.newsletterSection;

  useEffect(() => {
    loadedAt.current = performance.now();
  }, []);

  const schema = useMemo(() => registerFormSchema({ twoPoint, today: () => new Date() }), [twoPoint]);
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      Username: '',
      Firstname: '',
      Lastname: '',
      DateOfBirth: '',
      Email: '',
      ConfirmEmail: '',
      Password: '',
      ConfirmPassword: '',
      Referrer: search.get('referrer') ?? '',
      ApprovePrivacyPolicy: false,
      ApproveEULA: false,
      ApproveCodeOfConduct: false,
      G2GSegaOptin: false,
      UsageNameHoneyPot: '',
      Additional: false,
    },
  });
  const { setError } = form;
  const server = useServerErrors(REGISTER_FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );

  // Asking for a form token at submit (none came as the page loaded).
  const [askingToken, setAskingToken] = useState(false);
  const busy = registerUser.isPending || askingToken;
  const submit = async (typed: RegisterFormValues) => {
    if (busy) return;
    server.clear();
    const values = trimmedValues(typed);
    // spec §4: with the hidden Additional ticked nothing is sent, as if it worked.
    if (isTrapped(values)) {
      void navigate(CONFIRM_PATH);
      return;
    }
    const timeOnPageMs = Math.round(performance.now() - loadedAt.current);
    if (behaviour.registerTooFastRule && isTooFast(timeOnPageMs)) {
      server.show(['ERROR_TOO_FAST']);
      return;
    }
    // No form token (the API could not be reached as the page loaded): ask again; the server's 15 s,
    // and the page's, start now.
    let token = formToken.data?.FormToken ?? null;
    if (token === null) {
      setAskingToken(true);
      const again = await formToken.refetch();
      setAskingToken(false);
      if (!again.data) {
        server.apply(again.error ?? new ApiError(0, null, 'No register form token', { unreachable: true }));
        return;
      }
      token = again.data.FormToken;
      loadedAt.current = performance.now();
      if (behaviour.registerTooFastRule) {
        server.show(['ERROR_TOO_FAST']);
        return;
      }
    }
    registerUser.mutate(
      {
        Username: values.Username,
        Firstname: values.Firstname,
        Lastname: twoPoint ? values.Lastname : null,
        UsageNameHoneyPot: values.UsageNameHoneyPot || null,
        DateOfBirth: twoPoint ? values.DateOfBirth : null,
        Password: values.Password,
        ConfirmPassword: values.ConfirmPassword,
        Email: values.Email,
        ConfirmEmail: values.ConfirmEmail,
        Referrer: values.Referrer || null,
        ApprovePrivacyPolicy: values.ApprovePrivacyPolicy,
        ApproveEULA: values.ApproveEULA,
        ApproveCodeOfConduct: twoPoint ? values.ApproveCodeOfConduct : false,
        G2GSegaOptin: newsletter ? values.G2GSegaOptin : false,
        Additional: false,
        StudioName: config.registerStudioName,
        ClientId: wantedClientId(search, config.clientId),
        AccessKeyValue: readCarried('accessKey'),
        RedirectUrl: externalRedirectUrl(wantedRedirect(search)),
        TimeOnPageMs: Math.round(performance.now() - loadedAt.current),
        FormToken: token,
      },
      {
        onSuccess: () => {
          // The key is used now (the server consumed it with the registration).
          forgetCarried('accessKey');
          void navigate(CONFIRM_PATH);
        },
        onError: (error) => {
          // The held key cannot be used (taken meanwhile, expired): back to AccessKey, which says why.
          const keyError = isApiError(error)
            ? error.body?.ErrorMessages.find((item) => item.Property === 'AccessKeyValue')
            : undefined;
          if (keyError) {
            forgetCarried('accessKey');
            void navigate(
              { pathname: '/access-key', search: search.toString() },
              { state: { accessKeyError: keyError.ErrorMessage } },
            );
            return;
          }
          // A form left open past its token's lifetime: a new token, and the player sends again.
          if (isApiError(error) && error.firstCode === 'ERROR_FORM_EXPIRED') void formToken.refetch();
          server.apply(error);
        },
      },
    );
  };

  return (
    <form className={ui.stack} onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
      <RegisterFields
        form={form}
        options={{ twoPoint, newsletter, strengthMeter: config.features.breachedPasswordCheck }}
      />
      <CaptchaNotice action="register" />
      <div className={ui.actions}>
        <SubmitButton busy={busy}>{t('register.submit')}</SubmitButton>
      </div>
    </form>
  );
}

/** The Register page (spec §2). */
export function RegisterPage() {
  const { t } = useTranslation();
  const { config } = useAppConfiguration();
  const [search] = useSearchParams();
  // spec §2 /register: with access-key registration on, a held access key is required.
  if (config.features.registerWithAccessKeys && !readCarried('accessKey')) {
    return <Navigate to={{ pathname: '/access-key', search: search.toString() }} replace />;
  }
  return (
    <section className={ui.card} aria-labelledby="register-heading">
      <h1 id="register-heading">{t('register.heading')}</h1>
      <p>{t('register.intro')}</p>
      <RegisterForm />
      <div className={styles.links}>
        <p>
          {t('register.haveAccount')}{' '}
          <Link to={{ pathname: '/login', search: search.toString() }}>{t('register.login')}</Link>
        </p>
      </div>
    </section>
  );
}
