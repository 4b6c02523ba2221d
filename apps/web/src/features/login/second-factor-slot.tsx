/**
 * Where a login view shows the second step (issue 22 §4): the lazily loaded second-factor-step.tsx, so
 * the log-in page's first visit carries neither its code nor its texts.
 */
import { lazy, Suspense } from 'react';

const SecondFactorStep = lazy(() => import('./second-factor-step.tsx'));

/** The second step of the log-in of `ticket`; `onBack` returns to the password form. */
export function SecondFactorSlot({ ticket, onBack }: { ticket: string; onBack: () => void }) {
  return (
    <Suspense fallback={null}>
      <SecondFactorStep ticket={ticket} onBack={onBack} />
    </Suspense>
  );
}
