/**
 * What the operator console's pages share on screen (issue 24): the messages of a page's changes — the
 * general error list (spec §8 codes) and the status line announcing what was done — with the handlers
 * that set them, and the "Next page" button of a list read by pages (the API's cursor).
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, StatusMessage, ui } from '../../shared/ui/index.ts';
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
