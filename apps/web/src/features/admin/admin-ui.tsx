/**
 * What the operator console's pages share on screen (issue 24): the messages of a page's changes — the
 * general error list (spec §8 codes) and the status line announcing what was done — with the handlers
 * that set them, a change asked in a confirmation dialog first (remove, revoke), and the "Next page" button of a list read by pages (the API's cursor).
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ErrorSummary,
  StatusMessage,
  ui,
  type Confirmation,
  type ConfirmationRequest,
} from '../../shared/ui/index.ts';
import { errorCodesOf } from './admin-context.ts';
import styles from './admin.module.css';

/** What {@link useActionMessages} gives a page. */
export interface ActionMessages {
  /** A change succeeded: announce `message`, clear the errors, read the `invalidate` queries again. */
  done: (message: string) => Promise<void>;
  /** A change failed: list its codes, clear the announcement. */
  failed: (error: unknown) => void;
  /** The error list and the status line, to render where the page's changes are. */
  messages: ReactNode;
}

/**
 * The messages of a page's changes.
 * @param invalidate the query key (prefix) read again after a change (default: every console query)
 */
export function useActionMessages(invalidate: readonly unknown[] = ['admin']): ActionMessages {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  return {
    async done(message) {
      setErrors([]);
      setNotice(message);
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
    failed(error) {
      setNotice('');
      setErrors(errorCodesOf(error));
    },
    messages: (
      <>
        <ErrorSummary codes={errors} />
        <StatusMessage message={notice} />
      </>
    ),
  };
}

/** What {@link useConfirmedChange} takes. */
export interface ConfirmedChangeOptions<T> {
  /** The change of `item` (through the page's `guard`). */
  run: (item: T) => Promise<unknown>;
  /** The question asked first; its Cancel button is the console's. */
  question: (item: T) => Omit<ConfirmationRequest, 'cancelLabel'>;
  /** What the status line announces once the change is done. */
  doneMessage: (item: T) => string;
  /** The page's messages ({@link useActionMessages}). */
  actions: Pick<ActionMessages, 'done' | 'failed'>;
  /** The page's dialog (`useConfirmation`; the page renders its `dialog`). */
  confirm: Confirmation['confirm'];
}

/** What {@link useConfirmedChange} gives a page. */
export interface ConfirmedChange<T> {
  /** Asks the question, then makes the change when the staff member confirms. */
  ask: (item: T) => Promise<void>;
  /** A change is on its way (its buttons wait). */
  isPending: boolean;
}

/**
 * A change a staff member confirms first, such as removing a setting or revoking a role: the question
 * in the page's confirmation dialog, then the change, announced or its errors listed.
 */
export function useConfirmedChange<T>(options: ConfirmedChangeOptions<T>): ConfirmedChange<T> {
  const { t } = useTranslation('admin');
  const { run, question, doneMessage, actions, confirm } = options;
  const change = useMutation({
    mutationFn: run,
    onSuccess: (_answer, item) => actions.done(doneMessage(item)),
    onError: actions.failed,
  });
  return {
    isPending: change.isPending,
    async ask(item) {
      if (await confirm({ ...question(item), cancelLabel: t('player.confirm.cancel') })) change.mutate(item);
    },
  };
}

/** The part of an infinite query the pager uses. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Next page" under a list while the API has more (nothing on the last page). */
export function NextPageButton({ query }: { query: PagedQuery }) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <div className={styles.pager}>
      <button
        type="button"
        className={ui.buttonSecondary}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {t('pager.next')}
      </button>
    </div>
  );
}
