/**
 * A confirmation before an action that cannot simply be taken back (issue 19 §4: Unlink on Connections,
 * Unblock on Blocked users): a React Aria modal alert dialog (role=alertdialog, DESIGN.md §3), named by
 * its heading and described by its text. Focus moves in — onto Cancel, the safe choice — and stays inside;
 * Escape, Cancel or a click outside cancel; focus returns to what opened it (its trigger). The confirming
 * button is drawn destructive when the action is. Loaded on first use (use-confirmation.tsx), with the
 * dialog library.
 */
import { useEffect, useId, useRef } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import dialog from './dialog.module.css';
import ui from './ui.module.css';

/** What the dialog asks. */
export interface ConfirmationRequest {
  /** The question, e.g. 'Unlink Steam?' (the dialog's name). */
  title: string;
  /** What confirming does (the dialog's description). */
  body: string;
  /** The confirming button's text, e.g. 'Unlink'. */
  confirmLabel: string;
  /** The cancelling button's text. */
  cancelLabel: string;
  /** Draw the confirming button in the destructive style (default true). */
  destructive?: boolean;
}

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps extends ConfirmationRequest {
  /** The player's answer: true confirmed, false cancelled. */
  onAnswer: (confirmed: boolean) => void;
}

/** The open confirmation dialog (mounted only while a question waits for its answer). */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  destructive = true,
  onAnswer,
}: ConfirmDialogProps) {
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // The dialog takes focus as it opens; the safe choice then has it (APG alert dialog).
  useEffect(() => cancel.current?.focus(), []);
  return (
    <ModalOverlay
      className={dialog.overlay}
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onAnswer(false);
      }}
    >
      <Modal className={`${dialog.modal} ${dialog.narrow}`}>
        <Dialog className={dialog.dialog} role="alertdialog" aria-describedby={bodyId}>
          <Heading slot="title" level={2}>
            {title}
          </Heading>
          <p id={bodyId}>{body}</p>
          <div className={`${ui.actions} ${dialog.actions}`}>
            <Button className={destructive ? ui.buttonDanger : ui.button} onPress={() => onAnswer(true)}>
              {confirmLabel}
            </Button>
            <Button ref={cancel} className={ui.buttonSecondary} onPress={() => onAnswer(false)}>
              {cancelLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
