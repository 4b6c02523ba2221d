/**
 * /admin/players — finding a player (issue 24 §2; GET admin/players, permission `players.read`): one
 * search field for a username (or its beginning), an e-mail address, a player id, a partner sign-on id
 * or a Steam id. The text is kept in the address (`?q=`), so Back from a player's page finds the same
 * results. Results are a table (username linking to the player's page, e-mail, state, registration,
 * how they matched) with "Next page" while the API has more (its cursor).
 */
import { useId, useState, type SyntheticEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type AdminPlayerSummary } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { ErrorSummary, ui } from '../../shared/ui/index.ts';
import { ADMIN_KEYS, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import { NextPageButton } from './admin-ui.tsx';
import styles from './admin.module.css';

/** The player's state at a glance: confirmed or not, banned, staff role. */
function PlayerState({ player }: { player: AdminPlayerSummary }) {
  const { t } = useTranslation('admin');
  const parts = [
    player.EmailConfirmed ? t('players.confirmed') : t('players.unconfirmed'),
    ...(player.Banned ? [t('players.banned')] : []),
    ...(player.StaffRole ? [t(`roles.${player.StaffRole}`)] : []),
  ];
  return <>{parts.join(' · ')}</>;
}

/** The search results of `q`, by pages. */
function Results({ q }: { q: string }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { guard } = useAdmin();
  const results = useInfiniteQuery({
    queryKey: ADMIN_KEYS.players(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() =>
        api.call(ENDPOINTS.getAdminPlayers, { query: { q, ...(pageParam ? { cursor: pageParam } : {}) } }),
      ),
    getNextPageParam: (page) => page.NextCursor,
  });
  if (results.isPending) return <p role="status">{t('loading')}</p>;
  if (results.isError) return <ErrorSummary codes={errorCodesOf(results.error)} />;
  const players = results.data.pages.flatMap((page) => page.Players);
  if (players.length === 0) return <p role="status">{t('players.none', { query: q })}</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="admin-results-heading">
          <thead>
            <tr>
              <th scope="col">{t('players.columns.username')}</th>
              <th scope="col">{t('players.columns.email')}</th>
              <th scope="col">{t('players.columns.state')}</th>
              <th scope="col">{t('players.columns.created')}</th>
              <th scope="col">{t('players.columns.matched')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => (
              <tr key={player.Id_User}>
                <td>
                  <Link to={`/admin/players/${player.Id_User}`}>{player.Username}</Link>
                </td>
                <td>{player.Email}</td>
                <td>
                  <PlayerState player={player} />
                </td>
                <td>{formatAdminTime(player.CreatedAt)}</td>
                <td>{t(`players.matchedBy.${player.MatchedBy}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <NextPageButton query={results} />
    </>
  );
}

/** The players page: the search field and the results of the text in the address. */
export function PlayersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const fieldId = useId();
  const hintId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next) setSearch({ q: next });
  };
  return (
    <section aria-labelledby="admin-players-heading" className={ui.stack}>
      <h2 id="admin-players-heading">{t('players.heading')}</h2>
      <form role="search" onSubmit={submit} className={styles.searchRow}>
        <div className={ui.field}>
          <label htmlFor={fieldId} className={ui.label}>
            {t('players.search')}
          </label>
          <p id={hintId} className={ui.hint}>
            {t('players.searchHint')}
          </p>
          <input
            id={fieldId}
            className={ui.input}
            type="search"
            value={text}
            maxLength={254}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className={ui.button}>
          {t('players.submit')}
        </button>
      </form>
      {q ? (
        <section aria-labelledby="admin-results-heading" className={ui.stack}>
          <h3 id="admin-results-heading">{t('players.results')}</h3>
          <Results q={q} />
        </section>
      ) : null}
    </section>
  );
}
