/**
 * Where a page shows the second-factor form (issue 22 §4: the log-in's second step, the
 * re-authentication dialog's step-up, the deletion page's): second-factor-form.tsx loaded lazily, so
 * that no page's first visit carries its code, its texts (the `second-factor` namespace) or the
 * passkey library.
 */
import { lazy, Suspense } from 'react';
import { ENDPOINTS, type SecondFactorMethod } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { afterSubmitDelay } from '../forms/delay.ts';
import type { SecondFactorFormProps } from './second-factor-form.tsx';

export type { SecondFactorFormProps, SecondFactorProof } from './second-factor-form.tsx';

const SecondFactorForm = lazy(() => import('./second-factor-form.tsx'));

/** The second-factor form of `props.ticket` (see {@link SecondFactorFormProps}); nothing while it loads. */
export function SecondFactorSlot(props: SecondFactorFormProps) {
  return (
    <Suspense fallback={null}>
      <SecondFactorForm {...props} />
    </Suspense>
  );
}

/** A step-up in progress: the ticket POST password/validate/user/{id} answered and its methods. */
export interface StepUpChallenge {
  ticket: string;
  methods: readonly SecondFactorMethod[];
}

/** Props of {@link StepUpSlot}. */
export interface StepUpSlotProps {
  challenge: StepUpChallenge;
  /** Back to the password form. */
  onBack: () => void;
  /** The second factor was proved: the session may make the sensitive change. */
  onProved: () => void;
  headingLevel?: 2 | 3;
}

/**
 * The step-up of a re-authentication (issue 22 §4; the re-authentication dialog and the deletion page):
 * the second-factor form for `challenge`, each proof sent with POST account/reauthentication/second-factor;
 * `onProved` once the API accepted one (a refusal shows in the form).
 */
export function StepUpSlot({ challenge, onBack, onProved, headingLevel }: StepUpSlotProps) {
  const api = useApi();
  return (
    <SecondFactorSlot
      ticket={challenge.ticket}
      methods={challenge.methods}
      purpose="reauthentication"
      {...(headingLevel ? { headingLevel } : {})}
      onBack={onBack}
      send={async (proof) => {
        await afterSubmitDelay(() =>
          api.call(ENDPOINTS.postAccountReauthenticationSecondFactor, {
            body: {
              Ticket: challenge.ticket,
              Code: proof.Code,
              RecoveryCode: proof.RecoveryCode,
              Passkey: proof.Passkey,
            },
          }),
        );
        onProved();
      }}
    />
  );
}
