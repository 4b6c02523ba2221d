/**
 * /account/blocked-users-management (spec §2 Blocked users: "A list of blocked users with an Unblock
 * button each"; §7 the blocks come with GET profile/user/{id}?include=Block, POST unblock
 * {userBlockedId}). Unblock asks for confirmation first (an alert dialog, shared/ui useConfirmation);
 * after an unblock the session's user is reloaded, the row leaves the list and focus goes to the
 * page's heading (the button it was on is gone).
 */
import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { Avatar, ui, useConfirmation } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

/** The Blocked users page. */
export function BlockedUsersPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const store = useSessionStore();
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog } = useConfirmation();
  const unblock = useMutation({
    mutationFn: (userBlockedId: string) => api.call(ENDPOINTS.postUnblock, { body: { userBlockedId } }),
    onSuccess: async () => {
      // The profile is reloaded in place (the page stays, unlike a session restore).
      await store.refreshProfile();
      heading.current?.focus();
    },
    onError,
  });
  const askToUnblock = async (blocked: { Id: string; Username: string }) => {
    const confirmed = await confirm({
      title: t('blockedUsers.confirm.title', { name: blocked.Username }),
      body: t('blockedUsers.confirm.body', { name: blocked.Username }),
      confirmLabel: t('blockedUsers.unblock'),
      cancelLabel: t('blockedUsers.confirm.cancel'),
      destructive: false,
    });
    if (confirmed) unblock.mutate(blocked.Id);
  };
  const blocks = user?.Blocks ?? [];
  return (
    <section aria-labelledby="blocked-heading">
      <h2 id="blocked-heading" ref={heading} tabIndex={-1}>
        {t('blockedUsers.heading')}
      </h2>
      <p>{t('blockedUsers.intro')}</p>
      {blocks.length === 0 ? (
        <p>{t('blockedUsers.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {blocks.map((blocked) => (
            <li key={blocked.Id} className={styles.row}>
              <Avatar url={blocked.AvatarUrl} name={blocked.Username} size="small" />
              <div className={styles.text}>
                <h3>{blocked.Username}</h3>
              </div>
              <button
                type="button"
                className={ui.buttonSecondary}
                aria-label={t('blockedUsers.unblockLabel', { name: blocked.Username })}
                disabled={unblock.isPending}
                onClick={() => void askToUnblock(blocked)}
              >
                {t('blockedUsers.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
