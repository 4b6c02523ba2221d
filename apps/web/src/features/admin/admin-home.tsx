/**
 * /admin itself (issue 24): goes on to the first section the caller's role opens — the dashboard
 * (every role reads it today), else the players — replacing /admin in the history.
 * (`useNavigate` rather than react-router's `<Navigate>`: the entry chunk already has it, and the
 * bundler would otherwise split react-router out of the entry, growing every player page's download.)
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { can, useAdmin } from './admin-context.ts';

/** The console's index: a redirect to its first section. */
export function AdminHome() {
  const { me } = useAdmin();
  const navigate = useNavigate();
  const to = can(me, 'reports.read') ? '/admin/dashboard' : '/admin/players';
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
