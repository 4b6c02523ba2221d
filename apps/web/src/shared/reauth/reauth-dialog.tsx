/**
 * The password confirmation of a sensitive change (DESIGN.md §5 re-authentication; docs/security.md):
 * a React Aria modal dialog named by its heading that asks the current password, proves it with POST
 * password/validate/user/{id} (spec §7; it records the proof on the session), and hands back. Focus moves
 * in and stays inside; Escape, Cancel or a click outside cancel the change; focus returns to what had it.
 * A wrong password shows under the field; other refusals (too many attempts) in the general list.
 * Step-up (issue 22 §4): when the player enrolled a second factor, the password's answer carries a
 * `SecondFactorTicket`; the dialog then asks the second factor (the shared second-factor form: the app's
 * code, a recovery code or a passkey, as `SecondFactorMethods` offer) and redeems the ticket with POST
 * account/reauthentication/second-factor before handing back. Loaded on first use, with the dialog
 * library.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { afterSubmitDelay } from '../forms/delay.ts';
import { useServerErrors } from '../forms/use-server-errors.ts';
import { StepUpSlot, type StepUpChallenge } from '../second-factor/second-factor-slot.tsx';
import { ErrorSummary, SubmitButton, TextField, ui } from '../ui/index.ts';
import dialog from '../ui/dialog.module.css';

const FIELDS = ['Password'] as const;

/** Props of {@link ReauthDialog}. */
export interface ReauthDialogProps {
  /** The player's Id_User (the path of password/validate). */
  idUser: string;
  /** The password was proved: the change may be sent again. */
  onConfirmed: () => void;
  /** The player gave up. */
  onCancel: () => void;
}

/** The open dialog (mounted only while a change waits for it). */
export function ReauthDialog({ idUser, onConfirmed, onCancel }: ReauthDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [closing, setClosing] = useState(false);
  // The password was right but a second factor is enrolled: its ticket and methods (issue 22 §4).
  const [challenge, setChallenge] = useState<StepUpChallenge | null>(null);
  const confirmed = () => {
    setClosing(true);
    onConfirmed();
  };
  const { register, handleSubmit, setError, setFocus, formState } = useForm<{ Password: string }>({
    defaultValues: { Password: '' },
  });
  // The dialog takes focus when it opens; the one field it asks for then has it.
  useEffect(() => {
    setFocus('Password');
  }, [setFocus]);
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const validate = useMutation({
    mutationFn: (password: string) =>
      afterSubmitDelay(() =>
        api.call(ENDPOINTS.postPasswordValidateUser, {
          params: { id: idUser },
          body: { Password: password },
        }),
      ),
  });
  const onSubmit = handleSubmit((values) => {
    if (validate.isPending) return;
    server.clear();
    validate.mutate(values.Password, {
      onSuccess: (answer) => {
        if (answer.SecondFactorTicket)
          setChallenge({ ticket: answer.SecondFactorTicket, methods: answer.SecondFactorMethods ?? [] });
        else confirmed();
      },
      onError: (error) => server.apply(error),
    });
  });
  return (
    <ModalOverlay
      className={dialog.overlay}
      isOpen={!closing}
      onOpenChange={(open) => {
        if (!open && !closing) onCancel();
      }}
      isDismissable
    >
      <Modal className={dialog.modal}>
        <Dialog className={dialog.dialog}>
          <Heading slot="title" level={2}>
            {t('reauth.heading')}
          </Heading>
          {challenge ? (
            <>
              <StepUpSlot challenge={challenge} onBack={() => setChallenge(null)} onProved={confirmed} />
              <div className={`${ui.actions} ${dialog.actions}`}>
                <Button slot="close" className={ui.buttonSecondary}>
                  {t('reauth.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>{t('reauth.intro')}</p>
              <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
                <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
                <TextField
                  label={t('reauth.password')}
                  type="password"
                  autoComplete="current-password"
                  error={formState.errors.Password?.message}
                  {...register('Password')}
                />
                <div className={`${ui.actions} ${dialog.actions}`}>
                  <SubmitButton busy={validate.isPending}>{t('reauth.confirm')}</SubmitButton>
                  <Button slot="close" className={ui.buttonSecondary}>
                    {t('reauth.cancel')}
                  </Button>
                </div>
              </form>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
