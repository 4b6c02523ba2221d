/**
 * /account/deletion-request (spec §2 Deletion request, three steps: 1. password, Confirm; 2. a reason from
 * the server's list, 'other' with free text, Skip and Confirm; 3. 'Are you sure?' with avatar, username
 * and title, Cancel and Delete; then /deletion/confirm. §4 Deletion: Skip clears the reason and moves on,
 * Cancel resets everything, after deletion the identity cookie, user and token are cleared. §7 POST
 * password/validate/user/{userId}, GET deletion/types, POST deletion/user/{userId}, or
 * deletion/partner/user/{userId} where the password check is off (partner environments and players who
 * sign in through a partner: step 1 is not shown). In the 'contact support' environment
 * (environments/behaviour.ts) only step 3 appears, without Cancel, with a Contact button to the support
 * page instead of Delete. The route guard applies the deletion-section flag.
 * Step-up (issue 22 §4): when the player enrolled a second factor, the password's answer carries a
 * `SecondFactorTicket`, and step 1 then asks the second factor too (the shared second-factor form) and
 * redeems the ticket with POST account/reauthentication/second-factor before step 2.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELETION_REASON_MAX, ENDPOINTS, type User } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { collectFormErrors } from '../../shared/api/form-errors.ts';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { StepUpSlot, type StepUpChallenge } from '../../shared/second-factor/second-factor-slot.tsx';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { Avatar, ErrorSummary, SubmitButton, TextField, ui } from '../../shared/ui/index.ts';
import styles from './deletion.module.css';

const PASSWORD_FIELDS = ['Password'] as const;

/** The reason of step 2: a type id (null when skipped) and free text for 'other'. */
interface Reason {
  id: number | null;
  text: string;
}

/** A step's heading, focused when the step appears (screen readers hear the new step). */
function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className={styles.stepHeading}>
      {children}
    </h3>
  );
}

/**
 * Step 1: the password (POST password/validate/user/{id}), then the second factor when one is enrolled.
 * @param onValid called with the proved password
 */
function PasswordStep({ user, onValid }: { user: User; onValid: (password: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  // The password was right but a second factor is enrolled (issue 22 §4).
  const [challenge, setChallenge] = useState<(StepUpChallenge & { password: string }) | null>(null);
  const check = useMutation({
    mutationFn: (Password: string) =>
      afterSubmitDelay(() =>
        api.call(ENDPOINTS.postPasswordValidateUser, {
          params: { id: user.Id_User },
          body: { Password },
        }),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Password: string }>({
    defaultValues: { Password: '' },
  });
  const server = useServerErrors(PASSWORD_FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (check.isPending) return;
    server.clear();
    check.mutate(values.Password, {
      onSuccess: (answer) => {
        if (answer.SecondFactorTicket)
          setChallenge({
            ticket: answer.SecondFactorTicket,
            methods: answer.SecondFactorMethods ?? [],
            password: values.Password,
          });
        else onValid(values.Password);
      },
      onError: (error) => server.apply(error),
    });
  });
  if (challenge) {
    return (
      <StepUpSlot
        challenge={challenge}
        headingLevel={3}
        onBack={() => setChallenge(null)}
        onProved={() => onValid(challenge.password)}
      />
    );
  }
  return (
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      <StepHeading>{t('deletion.passwordHeading')}</StepHeading>
      <p>{t('deletion.passwordIntro')}</p>
      <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
      <TextField
        label={t('deletion.password')}
        type="password"
        autoComplete="current-password"
        error={formState.errors.Password?.message}
        {...register('Password')}
      />
      <div className={ui.actions}>
        <SubmitButton busy={check.isPending}>{t('deletion.confirm')}</SubmitButton>
      </div>
    </form>
  );
}

function ReasonStep({ onDone }: { onDone: (reason: Reason) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const types = useQuery({
    queryKey: ['deletion', 'types'],
    queryFn: () =>
      api.call(ENDPOINTS.getDeletionTypes).catch((failure: unknown) => {
        onError(failure);
        throw failure;
      }),
  });
  const other = types.data?.DeletionTypes.find((type) => type.Id === choice)?.IsOther ?? false;
  const confirm = () => {
    if (choice === null) setError('deletion.chooseReason');
    else if (other && !text.trim()) setError('ERROR_DELETION_REASON_EMPTY');
    else onDone({ id: choice, text: other ? text.trim() : '' });
  };
  return (
    <form
      className={ui.stack}
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
      noValidate
    >
      <StepHeading>{t('deletion.reasonHeading')}</StepHeading>
      <fieldset className={styles.reasons}>
        <legend>{t('deletion.reasonLegend')}</legend>
        {types.data?.DeletionTypes.map((type) => (
          <label key={type.Id} className={styles.reason}>
            <input
              type="radio"
              name="reason"
              value={type.Id}
              checked={choice === type.Id}
              onChange={() => {
                setChoice(type.Id);
                setError(null);
              }}
            />
            {type.Description}
          </label>
        ))}
      </fieldset>
      {other ? (
        <TextField
          label={t('deletion.otherReason')}
          value={text}
          maxLength={DELETION_REASON_MAX}
          error={error === 'ERROR_DELETION_REASON_EMPTY' ? error : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
      ) : null}
      {error === 'deletion.chooseReason' ? (
        <p className={ui.errorSummary} role="alert">
          {t('deletion.chooseReason')}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button type="button" className={ui.buttonSecondary} onClick={() => onDone({ id: null, text: '' })}>
          {t('deletion.skip')}
        </button>
        <button type="submit" className={ui.button}>
          {t('deletion.confirm')}
        </button>
      </div>
    </form>
  );
}

/** The player's card of step 3: avatar, username and title. */
function PlayerCard({ user }: { user: User }) {
  return (
    <div className={styles.player}>
      <Avatar url={user.AvatarUrl} name={user.Username} />
      <div>
        <p className={styles.username}>{user.Username}</p>
        {user.TitleName ? <p className={styles.title}>{user.TitleName}</p> : null}
      </div>
    </div>
  );
}

function ConfirmStep({
  user,
  password,
  reason,
  onCancel,
}: {
  user: User;
  /** null: the partner call, without password check. */
  password: string | null;
  reason: Reason;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[]>([]);
  const remove = useMutation({
    mutationFn: () =>
      afterSubmitDelay(() =>
        api.call(password === null ? ENDPOINTS.postDeletionPartnerUser : ENDPOINTS.postDeletionUser, {
          params: { id: user.Id_User },
          body: {
            ...(password === null ? {} : { Password: password }),
            Email: user.Email,
            Id_DeletionType: reason.id,
            DeletionReason: reason.text || null,
          },
        }),
      ),
  });
  const onDelete = () => {
    if (remove.isPending) return;
    setErrors([]);
    remove.mutate(undefined, {
      // The deleted page clears the session once it shows (see DeletionConfirmPage): cleared here, the
      // guard of this members-only page would send the now anonymous visitor to login first.
      onSuccess: () => void navigate('/deletion/confirm', { replace: true, state: { deleted: true } }),
      onError: (error) => {
        const collected = collectFormErrors(error, []);
        if (collected) setErrors(collected.general);
        else onError(error);
      },
    });
  };
  return (
    <div className={ui.stack}>
      <StepHeading>{t('deletion.sureHeading')}</StepHeading>
      <PlayerCard user={user} />
      <p>{t('deletion.sureBody')}</p>
      <ErrorSummary codes={errors} />
      <div className={ui.actions}>
        <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
          {t('deletion.cancel')}
        </button>
        <button type="button" className={ui.buttonDanger} disabled={remove.isPending} onClick={onDelete}>
          {t('deletion.delete')}
        </button>
      </div>
    </div>
  );
}

/** The 'contact support' variant: only step 3, no Cancel, a Contact link instead of Delete. */
function ContactSupportStep({ user, supportUrl }: { user: User; supportUrl: string }) {
  const { t } = useTranslation();
  return (
    <div className={ui.stack}>
      <StepHeading>{t('deletion.sureHeading')}</StepHeading>
      <PlayerCard user={user} />
      <p>{t('deletion.contactSupport')}</p>
      <div className={ui.actions}>
        <a className={ui.button} href={supportUrl} target="_blank" rel="noopener noreferrer">
          {t('deletion.contact')}
          <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
        </a>
      </div>
    </div>
  );
}

/** The Deletion request page. */
export function DeletionRequestPage() {
  const { t } = useTranslation();
  const { behaviour } = useAppConfiguration();
  const { user } = useSession();
  const [password, setPassword] = useState<string | null>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  // A fresh key per attempt: Cancel starts every step anew.
  const [attempt, setAttempt] = useState(0);
  if (!user) return null;
  const heading = <h2 id="deletion-heading">{t('deletion.heading')}</h2>;
  if (behaviour.deletionMode === 'contact-support' && behaviour.deletionSupportUrl) {
    return (
      <section aria-labelledby="deletion-heading">
        {heading}
        <ContactSupportStep user={user} supportUrl={behaviour.deletionSupportUrl} />
      </section>
    );
  }
  // No password here (partner sign-on): the password step is not shown and the partner call is used.
  const checkPassword = behaviour.deletionPasswordCheck && user.AuthType !== 2;
  const steps = checkPassword ? 3 : 2;
  const step = checkPassword && password === null ? 1 : reason === null ? 2 : 3;
  const cancel = () => {
    setPassword(null);
    setReason(null);
    setAttempt((n) => n + 1);
  };
  return (
    <section aria-labelledby="deletion-heading" key={attempt}>
      {heading}
      <p>{t('deletion.step', { step: step - (3 - steps), total: steps })}</p>
      {step === 1 ? <PasswordStep user={user} onValid={setPassword} /> : null}
      {step === 2 ? <ReasonStep onDone={setReason} /> : null}
      {step === 3 && reason ? (
        <ConfirmStep
          user={user}
          password={checkPassword ? password : null}
          reason={reason}
          onCancel={cancel}
        />
      ) : null}
    </section>
  );
}

/**
 * /deletion/confirm (spec §2: 'Your account has been successfully deleted.' with Return to homepage).
 * Reached from a deletion (navigation state `deleted`), it removes the identity cookie and clears user
 * and token (spec §4 Deletion); a visit without that state leaves any session alone.
 */
export function DeletionConfirmPage() {
  const { t } = useTranslation();
  const store = useSessionStore();
  const deleted = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  useEffect(() => {
    if (deleted) store.clear();
  }, [deleted, store]);
  return (
    <section className={ui.card} aria-labelledby="deleted-heading">
      <h1 id="deleted-heading">{t('deletion.doneHeading')}</h1>
      <p>
        <Link to="/">{t('deletion.returnHome')}</Link>
      </p>
    </section>
  );
}
