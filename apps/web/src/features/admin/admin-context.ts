/**
 * What the operator console's pages share (issue 24): the staff member the layout loaded (GET
 * admin/me), passed down in a React context, whether they may do something (the API's
 * permissions, contracts STAFF_PERMISSIONS: a page leaves out what the caller may not do, and the API
 * refuses it anyway), the query keys, and the console's date format.
 */
import { createContext, useContext } from 'react';
import type { AdminMeResponse, StaffPermission } from '@guildgate/contracts';
import { isApiError } from '../../shared/api/api-error.ts';
import { formatShortDate } from '../../shared/format/format-date.ts';

/** The console's context: the caller and their re-authentication guard. */
export interface AdminContext {
  me: AdminMeResponse;
  /** Sends a console call; when the API asks for a fresh full authentication, asks it and sends again. */
  guard: <T>(send: () => Promise<T>) => Promise<T>;
}

/** The console's context, provided by AdminLayout to its pages. */
export const AdminContextValue = createContext<AdminContext | null>(null);

/**
 * The caller of the console pages.
 * @throws Error outside AdminLayout (a page rendered without the console around it)
 */
export function useAdmin(): AdminContext {
  const context = useContext(AdminContextValue);
  if (!context) throw new Error('useAdmin must be used inside AdminLayout');
  return context;
}

/** May the caller do `permission`? (GET admin/me's Permissions.) */
export function can(me: Pick<AdminMeResponse, 'Permissions'>, permission: StaffPermission): boolean {
  return me.Permissions.includes(permission);
}

/** Query keys of the console's reads (every key starts with `admin`, so a role change can drop them all). */
export const ADMIN_KEYS = {
  me: ['admin', 'me'] as const,
  staff: ['admin', 'staff'] as const,
  audit: (target: string | null) => ['admin', 'audit', target] as const,
  players: (q: string) => ['admin', 'players', q] as const,
  player: (idUser: string) => ['admin', 'player', idUser] as const,
};

/** DD/MM/YY HH:MM (spec §9 with the time) of an ISO 8601 time, in the browser's zone; '—' when null. */
export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${formatShortDate(iso)} ${time}`;
}

/** The generic codes of failures that carry no §8 body, by status (the API's transport codes). */
const STATUS_CODES: Readonly<Record<number, string>> = {
  0: 'ERROR_SERVICE_UNAVAILABLE',
  404: 'ERROR_NOT_FOUND',
  429: 'ERROR_RATE_LIMITED',
};

/**
 * The error codes to list for a failed console call: the §8 body's (400, 403, 503), else a transport
 * code for the status (unreachable, 404, 429), else ERROR_INTERNAL.
 */
export function errorCodesOf(error: unknown): string[] {
  if (isApiError(error)) {
    const codes = error.body?.ErrorMessages.map((m) => m.ErrorMessage) ?? [];
    if (codes.length > 0) return codes;
    return [STATUS_CODES[error.status] ?? 'ERROR_INTERNAL'];
  }
  return ['ERROR_INTERNAL'];
}
