/**
 * Where the log-in forms show "Sign in with a passkey" (issue 22 §3): passkey-sign-in.tsx, loaded
 * lazily only where the `passkeys` flag is on, so that the log-in page's first visit carries neither
 * its code, its texts nor the WebAuthn library.
 */
import { lazy, Suspense } from 'react';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';

const PasskeySignIn = lazy(() => import('./passkey-sign-in.tsx'));

/** Whether the log-in offers passkeys (the flag; the browser's support is checked once loaded). */
export function usePasskeyLogin(): boolean {
  return useAppConfiguration().config.features.passkeys;
}

/** "Sign in with a passkey" under a log-in form, when the flag is on; nothing otherwise. */
export function PasskeySignInSlot() {
  const on = usePasskeyLogin();
  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <PasskeySignIn />
    </Suspense>
  );
}
