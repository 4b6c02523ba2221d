/**
 * /account/blocked-users-management (spec §2 Blocked users: "A list of blocked users with an Unblock
 * button each"; §7 the blocks come with GET profile/user/{id}?include=Block, POST unblock
 * {userBlockedId}). After an unblock the session's user is reloaded.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import styles from '../../shared/ui/account-list.module.css';

/** The Blocked users page. */
export function BlockedUsersPage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const store = useSessionStore();
  const { user } = useSession();
  const unblock = useMutation({
    mutationFn: (userBlockedId: string) => api.call('POST', 'unblock', { body: { userBlockedId } }),
    onSuccess: () => store.restore(),
    onError,
  });
  const blocks = user?.Blocks ?? [];
  return (
    <section aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">{t('blockedUsers.heading')}</h2>
      <p>{t('blockedUsers.intro')}</p>
      {blocks.length === 0 ? (
        <p>{t('blockedUsers.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {blocks.map((blocked) => (
            <li key={blocked.Id} className={styles.row}>
              {blocked.AvatarUrl ? <img className={styles.icon} src={blocked.AvatarUrl} alt="" /> : null}
              <div className={styles.text}>
                <h3>{blocked.Username}</h3>
              </div>
              <button
                type="button"
                className={ui.buttonSecondary}
                aria-label={t('blockedUsers.unblockLabel', { name: blocked.Username })}
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(blocked.Id)}
              >
                {t('blockedUsers.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
