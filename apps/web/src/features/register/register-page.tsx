/**
 * Register page (spec §2 /register and screen Register; §3 Register form; §4 Register, bot traps, too-fast
 * rule, submit protection; §5 rules; §7 POST register/new-user). On success → ConfirmRegister. The
 * too-fast rule is checked here on the page's clock and on the server by the form token the page asks
 * for as it loads (GET register/form-token).
 * Partner environments will redirect to the partner register URL (later issue; hook point below).
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import {
  forgetCarried,
  readCarried,
  wantedClientId,
  wantedRedirect,
} from '../../shared/redirect/carry-over.ts';
import { externalRedirectUrl } from '../../shared/redirect/redirect-choice.ts';
import { CaptchaNotice, ErrorSummary, ui } from '../../shared/ui/index.ts';
import { useRegisterFormToken, useRegisterUser } from './register-api.ts';
import { RegisterFields } from './register-fields.tsx';
import {
  isTooFast,
  isTrapped,
  REGISTER_FIELDS,
  registerFormSchema,
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
  const server = useServerErrors(REGISTER_FIELDS, (field, code) =>
    setError(field, { type: 'server', message: code }),
  );

  const submit = (values: RegisterFormValues) => {
    if (registerUser.isPending) return;
    server.clear();
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
    registerUser.mutate(
      {
        Username: values.Username.trim(),
        Firstname: values.Firstname.trim(),
        Lastname: twoPoint ? values.Lastname.trim() : null,
        UsageNameHoneyPot: values.UsageNameHoneyPot || null,
        DateOfBirth: twoPoint ? values.DateOfBirth : null,
        Password: values.Password,
        ConfirmPassword: values.ConfirmPassword,
        Email: values.Email.trim(),
        ConfirmEmail: values.ConfirmEmail.trim(),
        Referrer: values.Referrer.trim() || null,
        ApprovePrivacyPolicy: values.ApprovePrivacyPolicy,
        ApproveEULA: values.ApproveEULA,
        ApproveCodeOfConduct: twoPoint ? values.ApproveCodeOfConduct : false,
        G2GSegaOptin: newsletter ? values.G2GSegaOptin : false,
        Additional: false,
        StudioName: config.registerStudioName,
        ClientId: wantedClientId(search, config.clientId),
        AccessKeyValue: readCarried('accessKey'),
        RedirectUrl: externalRedirectUrl(wantedRedirect(search)),
        TimeOnPageMs: timeOnPageMs,
        FormToken: formToken.data?.FormToken ?? null,
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
      <ErrorSummary codes={server.general} />
      <RegisterFields form={form} options={{ twoPoint, newsletter }} />
      <CaptchaNotice action="register" />
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={registerUser.isPending}>
          {t('register.submit')}
        </button>
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
  // Hook point (spec §2 /register): partner environments will redirect to the partner register URL.
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
