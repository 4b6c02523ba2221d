/**
 * /confirm-email (spec §2: "Needs query uid (else bad request); optional redirectUrl"; §7 POST
 * email/confirm). The uid leaves the address bar before the call (DESIGN.md §5).
 */
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { LinkConfirmation } from './link-confirmation.tsx';

/** The e-mail confirmation link page. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const uid = useLinkSecret('uid');
  const [redirectUrl] = useState(() => search.get('redirectUrl'));
  if (!uid) return <Navigate to="/errors/bad-request?message=ERROR_REQUEST_INVALID" replace />;
  return (
    <LinkConfirmation
      kind="email-confirm"
      secret={uid}
      redirectUrl={redirectUrl}
      heading={t('confirm.confirmHeading')}
    />
  );
}
