/**
 * Asking the player to confirm an action (issue 19 §4; confirm-dialog.tsx): `confirm(request)` opens the
 * alert dialog and resolves with the answer; `dialog` is the element to render in the page. The dialog
 * and its library load on the first question.
 */
import { Suspense, lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import type { ConfirmationRequest } from './confirm-dialog.tsx';

/** The dialog, loaded when first needed (it alone, with the other dialogs, needs the library). */
const ConfirmDialog = lazy(async () => ({ default: (await import('./confirm-dialog.tsx')).ConfirmDialog }));

export type { ConfirmationRequest } from './confirm-dialog.tsx';

/** What {@link useConfirmation} gives a page. */
export interface Confirmation {
  /** Opens the dialog; resolves true when confirmed, false when cancelled (Cancel, Escape, outside). */
  confirm: (request: ConfirmationRequest) => Promise<boolean>;
  /** The dialog while a question is open, else null: render it in the page. */
  dialog: ReactNode;
}

/** A confirmation dialog for a page (one question at a time; a new one cancels the open one). */
export function useConfirmation(): Confirmation {
  const [request, setRequest] = useState<ConfirmationRequest | null>(null);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const confirm = useCallback(
    (next: ConfirmationRequest) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    setRequest(null);
    settle.current?.(confirmed);
    settle.current = null;
  };
  const dialog = request ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...request} onAnswer={answer} />
    </Suspense>
  ) : null;
  return { confirm, dialog };
}
