/**
 * Where a page shows the second-factor form (issue 22 §4: the log-in's second step, the
 * re-authentication dialog's step-up, the deletion page's): second-factor-form.tsx loaded lazily, so
 * that no page's first visit carries its code, its texts (the `second-factor` namespace) or the
 * passkey library.
 */
import { lazy, Suspense } from 'react';
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
