/**
 * Sensitive changes that may need a fresh proof of the password (DESIGN.md §5; docs/security.md
 * "Re-authentication"): the API answers ERROR_REAUTHENTICATION_REQUIRED when the session's last proof is
 * older than its window; then the page asks the current password in a dialog (reauth-dialog.tsx) and
 * sends the change again, on the same page. Used by the password and e-mail change pages.
 */
import { Suspense, lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-error.ts';

/** The dialog, loaded when a change first needs it (it alone, with the cookie settings, needs the library). */
const ReauthDialog = lazy(async () => ({ default: (await import('./reauth-dialog.tsx')).ReauthDialog }));

/** The code the API answers when a change needs a fresh proof of the password. */
export const REAUTHENTICATION_REQUIRED = 'ERROR_REAUTHENTICATION_REQUIRED';

/** Is `error` the API asking for a fresh proof of the password? */
export function needsReauthentication(error: unknown): boolean {
  return isApiError(error) && error.firstCode === REAUTHENTICATION_REQUIRED;
}

/**
 * Sends `send()`; when the API asks for a fresh proof of the password, waits for `confirm()` and sends
 * once more.
 * @param confirm resolves true when the password was proved, false when the player gave up
 * @returns the change's answer
 * @throws the change's rejection (the first one when the player gave up, so the form says why)
 */
export async function withReauthentication<T>(
  send: () => Promise<T>,
  confirm: () => Promise<boolean>,
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!needsReauthentication(error) || !(await confirm())) throw error;
    return send();
  }
}

/**
 * Gives focus back to `element` (what had it when the dialog opened: the form's submit button) once it
 * can take it again — the button stays disabled until the change it sent settles — for up to a second;
 * not when it left the page (the change succeeded and the page moved on).
 */
function returnFocus(element: HTMLElement): void {
  let frames = 0;
  const attempt = () => {
    if (!element.isConnected) return;
    if (!(element as HTMLButtonElement).disabled) {
      element.focus();
      return;
    }
    frames += 1;
    if (frames < 60) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** What {@link useReauthentication} gives a page. */
export interface Reauthentication {
  /** Wraps a change's call (see {@link withReauthentication}). */
  guard: <T>(send: () => Promise<T>) => Promise<T>;
  /** The dialog, to render in the page (null while no change waits for it). */
  dialog: ReactNode;
}

/**
 * The re-authentication of the signed-in player `idUser` for a page's sensitive change.
 * @param idUser the player's Id_User (null before the session is loaded: no dialog can open)
 */
export function useReauthentication(idUser: string | null): Reauthentication {
  const [open, setOpen] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        if (!idUser) {
          resolve(false);
          return;
        }
        settle.current = resolve;
        setOpen(true);
      }),
    [idUser],
  );
  const finish = (proved: boolean) => {
    setOpen(false);
    settle.current?.(proved);
    settle.current = null;
    if (trigger.current) returnFocus(trigger.current);
    trigger.current = null;
  };
  const guard = useCallback(
    <T,>(send: () => Promise<T>) => {
      // What has focus as the change starts (its submit button, before it is disabled while pending).
      trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return withReauthentication(send, confirm);
    },
    [confirm],
  );
  const dialog =
    open && idUser ? (
      <Suspense fallback={null}>
        <ReauthDialog idUser={idUser} onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
      </Suspense>
    ) : null;
  return { guard, dialog };
}
