/**
 * The register form fields (spec §3 Register form; §2 Register: ConfirmEmail blocks paste, hidden trap
 * text field and trap checkbox; §5 date of birth auto-dash). TWO-POINT-STUDIOS adds Lastname,
 * DateOfBirth and the Code of Conduct; the newsletter consent appears with the newsletter section.
 * The password rules of the environment are shown up front, under the Password label (linked to it by
 * aria-describedby), and both password fields can be revealed.
 */
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  EmailField,
  NewPasswordField,
  PasswordField,
  TextField,
  ui,
} from '../../shared/ui/index.ts';
import { autoDashDateOfBirth, type RegisterFormValues } from './register-rules.ts';
import styles from './register.module.css';

/** Which optional fields to show. */
export interface RegisterFieldOptions {
  twoPoint: boolean;
  newsletter: boolean;
  /** The password strength meter (flag breachedPasswordCheck). */
  strengthMeter: boolean;
}

type ConsentName = 'ApprovePrivacyPolicy' | 'ApproveEULA' | 'ApproveCodeOfConduct' | 'G2GSegaOptin';

/** Hidden bot traps (spec §4): off-screen, aria-hidden, out of the tab order, never autofilled. */
function TrapFields({ form }: { form: UseFormReturn<RegisterFormValues> }) {
  const { t } = useTranslation();
  return (
    <div className={ui.trap} aria-hidden="true">
      <label htmlFor="register-usage-name">{t('register.trapText')}</label>
      <input
        id="register-usage-name"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        {...form.register('UsageNameHoneyPot')}
      />
      <label htmlFor="register-additional">{t('register.trapCheckbox')}</label>
      <input
        id="register-additional"
        type="checkbox"
        tabIndex={-1}
        autoComplete="off"
        {...form.register('Additional')}
      />
    </div>
  );
}

/** All fields of the register form. */
export function RegisterFields({
  form,
  options,
}: {
  form: UseFormReturn<RegisterFormValues>;
  options: RegisterFieldOptions;
}) {
  const { t } = useTranslation();
  const { register, control, formState, getValues } = form;
  const errors = formState.errors;

  const consent = (name: ConsentName, label: string) => (
    <CheckboxField label={label} error={errors[name]?.message} {...register(name)} />
  );

  return (
    <>
      <TextField
        label={t('register.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.Username?.message}
        {...register('Username')}
      />
      <TextField
        label={t('register.firstname')}
        autoComplete="given-name"
        error={errors.Firstname?.message}
        {...register('Firstname')}
      />
      {options.twoPoint ? (
        <TextField
          label={t('register.lastname')}
          autoComplete="family-name"
          error={errors.Lastname?.message}
          {...register('Lastname')}
        />
      ) : null}
      {options.twoPoint ? (
        <Controller
          control={control}
          name="DateOfBirth"
          render={({ field, fieldState }) => (
            <TextField
              label={t('register.dateOfBirth')}
              hint={t('register.dateOfBirthHint')}
              inputMode="numeric"
              autoComplete="bday"
              placeholder="YYYY-MM-DD"
              maxLength={10}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(autoDashDateOfBirth(event.target.value, field.value))}
              error={fieldState.error?.message}
            />
          )}
        />
      ) : null}
      <EmailField label={t('register.email')} error={errors.Email?.message} {...register('Email')} />
      <EmailField
        label={t('register.confirmEmail')}
        hint={t('register.confirmEmailHint')}
        autoComplete="off"
        onPaste={(event) => event.preventDefault()}
        onDrop={(event) => event.preventDefault()}
        error={errors.ConfirmEmail?.message}
        {...register('ConfirmEmail')}
      />
      <NewPasswordField
        label={t('register.password')}
        hint={t(options.twoPoint ? 'forms.passwordRulesStudio' : 'forms.passwordRules')}
        autoComplete="new-password"
        strengthMeter={options.strengthMeter}
        userInputs={() => [getValues('Username'), getValues('Email')]}
        error={errors.Password?.message}
        {...register('Password')}
      />
      <PasswordField
        label={t('register.confirmPassword')}
        autoComplete="new-password"
        error={errors.ConfirmPassword?.message}
        {...register('ConfirmPassword')}
      />
      <TextField
        label={t('register.referrer')}
        autoComplete="off"
        error={errors.Referrer?.message}
        {...register('Referrer')}
      />
      <fieldset className={styles.consents}>
        <legend>{t('register.consentsLegend')}</legend>
        {consent('ApprovePrivacyPolicy', t('register.approvePrivacyPolicy'))}
        {consent('ApproveEULA', t('register.approveEula'))}
        {options.twoPoint ? consent('ApproveCodeOfConduct', t('register.approveCodeOfConduct')) : null}
        {options.newsletter ? consent('G2GSegaOptin', t('register.newsletter')) : null}
      </fieldset>
      <TrapFields form={form} />
    </>
  );
}
