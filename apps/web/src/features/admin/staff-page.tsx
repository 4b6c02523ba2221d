/**
 * /admin/staff — the staff list (issue 24 §1; GET admin/staff, PUT and DELETE admin/staff/{idUser},
 * permission `staff.manage`, admins only): each member's role, who granted it and since when; an admin
 * changes a role (a select and Save) or removes it (after a confirmation). Each change is audited by
 * the API; the page announces it in a status region. An admin cannot lower their own role (the API
 * answers ERROR_STAFF_OWN_ADMIN_ROLE, shown in the error list).
 */
import { useState } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, STAFF_ROLES, type StaffMember, type StaffRole } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { ErrorSummary, ui, useConfirmation } from '../../shared/ui/index.ts';
import { ADMIN_KEYS, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import { NextPageButton, useActionMessages, useConfirmedChange } from './admin-ui.tsx';
import styles from './admin.module.css';

/** One member: username, role select + Save, granted by, since, Remove. */
function MemberRow({
  member,
  busy,
  onSave,
  onRevoke,
}: {
  member: StaffMember;
  busy: boolean;
  onSave: (member: StaffMember, role: StaffRole) => void;
  onRevoke: (member: StaffMember) => void;
}) {
  const { t } = useTranslation('admin');
  const [role, setRole] = useState<StaffRole>(member.Role);
  const selectId = `staff-role-${member.Id_User}`;
  return (
    <tr>
      <td>{member.Username}</td>
      <td>
        <div className={styles.actions}>
          <label htmlFor={selectId} className="visually-hidden">
            {t('staff.roleOf', { username: member.Username })}
          </label>
          <select
            id={selectId}
            className={ui.input}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className={ui.buttonSecondary}
            disabled={busy || role === member.Role}
            onClick={() => onSave(member, role)}
          >
            {t('staff.save')}
          </button>
        </div>
      </td>
      <td>
        {member.GrantedBy.Kind === 'operator' ? t('staff.operator') : (member.GrantedBy.Username ?? '—')}
      </td>
      <td>{formatAdminTime(member.GrantedAt)}</td>
      <td>
        <button
          type="button"
          className={ui.buttonDangerSecondary}
          disabled={busy}
          onClick={() => onRevoke(member)}
        >
          {t('staff.revoke')}
        </button>
      </td>
    </tr>
  );
}

/** The staff page. */
export function StaffPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { guard } = useAdmin();
  const { confirm, dialog } = useConfirmation();
  const { done, failed, messages } = useActionMessages();
  const staff = useInfiniteQuery({
    queryKey: ADMIN_KEYS.staff,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() => api.call(ENDPOINTS.getAdminStaff, { query: pageParam ? { cursor: pageParam } : {} })),
    getNextPageParam: (page) => page.NextCursor,
  });
  const save = useMutation({
    mutationFn: ({ member, role }: { member: StaffMember; role: StaffRole }) =>
      guard(() =>
        api.call(ENDPOINTS.putAdminStaff, { params: { idUser: member.Id_User }, body: { Role: role } }),
      ),
    onSuccess: (answer) =>
      done(t('staff.saved', { username: answer.Username, role: t(`roles.${answer.Role}`) })),
    onError: failed,
  });
  const revoke = useConfirmedChange({
    run: (member: StaffMember) =>
      guard(() => api.call(ENDPOINTS.deleteAdminStaff, { params: { idUser: member.Id_User } })),
    question: (member) => ({
      title: t('staff.revokeTitle', { username: member.Username }),
      body: t('staff.revokeBody'),
      confirmLabel: t('staff.revoke'),
    }),
    doneMessage: (member) => t('staff.revoked', { username: member.Username }),
    actions: { done, failed },
    confirm,
  });
  const members = staff.data?.pages.flatMap((page) => page.Staff) ?? [];
  const busy = save.isPending || revoke.isPending;
  return (
    <section aria-labelledby="admin-staff-heading" className={ui.stack}>
      <h2 id="admin-staff-heading">{t('staff.heading')}</h2>
      <p>{t('staff.intro')}</p>
      {messages}
      {staff.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : staff.isError ? (
        <ErrorSummary codes={errorCodesOf(staff.error)} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="admin-staff-heading">
            <thead>
              <tr>
                <th scope="col">{t('staff.columns.username')}</th>
                <th scope="col">{t('staff.columns.role')}</th>
                <th scope="col">{t('staff.columns.grantedBy')}</th>
                <th scope="col">{t('staff.columns.grantedAt')}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow
                  key={`${member.Id_User}-${member.Role}`}
                  member={member}
                  busy={busy}
                  onSave={(m, role) => save.mutate({ member: m, role })}
                  onRevoke={(m) => void revoke.ask(m)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextPageButton query={staff} />
      {dialog}
    </section>
  );
}
