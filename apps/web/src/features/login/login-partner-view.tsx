/**
 * LoginPartner (spec §2 Login: "The partner view fetches a partner login URL, and the user follows it";
 * §7 POST partner/login-url?redirectUrl=&clientId= with Id_User, AuthPartner, Username, Email → URL).
 * The API side is apps/api/src/modules/partner; failures go to the generic handler (spec §8).
 */
import { useTranslation } from 'react-i18next';
import type { IdentifyResponse } from '@guildgate/contracts';
import { useErrorHandler } from '../../shared/api/api-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import { IdentifiedUser } from './identified-user.tsx';
import { usePartnerLoginUrl } from './login-api.ts';
import { useLoginContext } from './use-login-context.ts';

/** Offers to continue with the player's partner sign-on. */
export function LoginPartnerView({ user, onReset }: { user: IdentifyResponse; onReset: () => void }) {
  const { t } = useTranslation();
  const { clientId, redirectUrl } = useLoginContext();
  const partnerUrl = usePartnerLoginUrl();
  const onError = useErrorHandler();
  const partner = user.AuthPartner || t('login.partnerFallback');
  const url = partnerUrl.data?.URL;
  const followable = url && /^https?:\/\//i.test(url) ? url : null;

  const start = () => {
    if (partnerUrl.isPending) return;
    partnerUrl.mutate(
      { user, redirectUrl: redirectUrl ?? '', clientId },
      {
        onSuccess: (answer) => {
          if (/^https?:\/\//i.test(answer.URL)) window.location.assign(answer.URL);
        },
        onError,
      },
    );
  };

  return (
    <div className={ui.stack}>
      <IdentifiedUser user={user} onReset={onReset} />
      <p>{t('login.partnerIntro', { partner })}</p>
      <div className={ui.actions}>
        {followable ? (
          <a className={ui.button} href={followable}>
            {t('login.partnerFollow', { partner })}
          </a>
        ) : (
          <button type="button" className={ui.button} onClick={start} disabled={partnerUrl.isPending}>
            {t('login.partnerContinue', { partner })}
          </button>
        )}
      </div>
    </div>
  );
}
