/**
 * Where a login view shows the second step (issue 22 §4): the lazily loaded second-factor-step.tsx, so
 * the log-in page's first visit carries neither its code, the shared second-factor form, its texts nor
 * the passkey library.
 */
import { lazy, Suspense } from 'react';
import type { SecondFactorMethod } from '@guildgate/contracts';

const SecondFactorStep = lazy(() => import('./second-factor-step.tsx'));

/** The ticket of a log-in that asks for a second factor, and the methods its answer offered. */
export interface SecondFactorChallenge {
  ticket: string;
  methods: readonly SecondFactorMethod[];
}

/** The second step of the log-in of `challenge`; `onBack` returns to the password form. */
export function SecondFactorSlot({
  challenge,
  onBack,
}: {
  challenge: SecondFactorChallenge;
  onBack: () => void;
}) {
  return (
    <Suspense fallback={null}>
      <SecondFactorStep challenge={challenge} onBack={onBack} />
    </Suspense>
  );
}
