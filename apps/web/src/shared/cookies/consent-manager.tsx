/**
 * The cookie consent manager (spec §4 Cookie consent; §2 "A cookie control sits on every page";
 * §7 cookie calls), mounted once in the page shell:
 *
 * - the banner, shown unless consent_cookies = 1, with Accept all, Reject all and Settings. It comes
 *   first in the page (the shell mounts the manager before everything else), so it is first in the Tab
 *   order. It is drawn at the bottom of the page (sticky, in the page flow so it never hides the end
 *   of the page; the page's scroll padding keeps a focused element above it, WCAG 2.4.11), and on
 *   small screens in place at the top of the page, where it covers nothing;
 * - the settings dialog (consent-settings.tsx, loaded on first use: a modal with one switch per
 *   active category, then Confirm). It opens from the banner's Settings and on
 *   {@link OPEN_COOKIE_SETTINGS_EVENT} (the footer's cookie control, the account side list);
 * - every choice writes the three consent cookies (use-consent.ts `writeConsent`), and for a
 *   logged-in player is stored on the server (accept-all, or set-cookie per category) before 'popup
 *   seen' is recorded once;
 * - a logged-in player without consent cookies whose record says the banner was seen gets the
 *   cookies back from GET cookie/user/{id} instead of the banner; one with cookies whose record says
 *   it was never seen (chose before logging in) has that choice stored (consent.ts
 *   `consentSyncAction`).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { OPEN_COOKIE_SETTINGS_EVENT } from './cookie-settings.ts';
import {
  ALL_ACCEPTED,
  ALL_REFUSED,
  bannerVisible,
  consentSyncAction,
  valuesFromCategories,
  writesForAll,
  writesForValues,
  type ConsentValues,
} from './consent.ts';
import type { ConsentChoice } from './consent-settings.tsx';
import {
  COOKIE_QUERY_KEYS,
  claimConsentSync,
  fetchCookieCategories,
  useConsent,
  useStoreConsent,
  writeConsent,
} from './use-consent.ts';
import styles from './consent-manager.module.css';

/** The settings dialog, loaded when first opened (it alone needs the dialog library). */
const ConsentSettingsDialog = lazy(async () => ({
  default: (await import('./consent-settings.tsx')).ConsentSettingsDialog,
}));

/** The bottom banner (spec §4 "The banner is shown unless consent cookie consent_cookies equals 1"). */
function ConsentBanner({ onChoose, onSettings }: { onChoose: ConsentChoice; onSettings: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Keep focused elements out from under the sticky banner (WCAG 2.4.11 Focus Not Obscured); the banner
  // drawn in place on small screens covers nothing.
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const apply = () => {
      const sticky = getComputedStyle(banner).position === 'sticky';
      root.style.setProperty('scroll-padding-bottom', sticky ? `${banner.offsetHeight}px` : '0px');
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(banner);
    // A viewport of another height may switch the banner between its two placements.
    window.addEventListener('resize', apply);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', apply);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, []);
  return (
    <section ref={ref} className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.bannerInner}>
        <div className={styles.bannerText}>
          <h2 id={headingId} className={styles.bannerHeading}>
            {t('consent.heading')}
          </h2>
          <p>{t('consent.body')}</p>
        </div>
        <div className={styles.bannerActions}>
          <button
            type="button"
            className={styles.bannerButton}
            onClick={() => onChoose(ALL_ACCEPTED, writesForAll(true))}
          >
            {t('consent.acceptAll')}
          </button>
          <button
            type="button"
            className={styles.bannerButton}
            onClick={() => onChoose(ALL_REFUSED, writesForAll(false))}
          >
            {t('consent.rejectAll')}
          </button>
          <button type="button" className={styles.bannerButtonSecondary} onClick={onSettings}>
            {t('consent.settings')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Stores a restored or earlier choice of `user` (consent.ts `consentSyncAction`). */
async function syncWithServer(
  api: ReturnType<typeof useApi>,
  user: User,
  action: 'restore' | 'upload',
  consent: ConsentValues | null,
  store: ReturnType<typeof useStoreConsent>,
): Promise<void> {
  if (action === 'restore') {
    writeConsent(valuesFromCategories(await fetchCookieCategories(api, user.Id_User)));
    return;
  }
  if (!consent) return;
  const writes =
    consent.analytics === consent.marketing
      ? writesForAll(consent.analytics)
      : writesForValues(consent, await fetchCookieCategories(api, user.Id_User));
  await store(user, writes);
}

/** The consent manager: banner, settings dialog and server sync (mount once, in the page shell). */
export function ConsentManager() {
  const api = useApi();
  const queryClient = useQueryClient();
  const session = useSession();
  const consent = useConsent();
  const store = useStoreConsent(api);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [restoreFailed, setRestoreFailed] = useState(false);
  const user = session.status === 'authenticated' ? session.user : null;
  const action = consentSyncAction(consent, {
    status: session.status,
    establishing: session.establishing,
    popupSeen: user ? user.IsCookiePopupSeen : null,
  });
  const showBanner = bannerVisible(consent, action, restoreFailed);

  useEffect(() => {
    const open = () => setSettingsOpen(true);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, open);
  }, []);

  useEffect(() => {
    if (!user || (action !== 'restore' && action !== 'upload')) return;
    if (!claimConsentSync(user.Id_User)) return;
    syncWithServer(api, user, action, consent, store)
      .then(() => queryClient.invalidateQueries({ queryKey: COOKIE_QUERY_KEYS.all }))
      .catch((error: unknown) => {
        console.warn('The cookie choice could not be synchronised with the server', error);
        if (action === 'restore') setRestoreFailed(true);
      });
  }, [action, api, consent, queryClient, store, user]);

  // The banner's buttons go with it: keep focus in the page (on main) rather than lose it.
  const bannerShown = useRef(showBanner);
  useEffect(() => {
    const hidden = bannerShown.current && !showBanner;
    bannerShown.current = showBanner;
    if (!hidden) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body)
        document.getElementById('main')?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [showBanner]);

  const choose: ConsentChoice = (values, writes) => {
    setSettingsOpen(false);
    if (user) {
      void store(user, writes).then(() => queryClient.invalidateQueries({ queryKey: COOKIE_QUERY_KEYS.all }));
    }
    writeConsent(values);
  };

  return (
    <>
      {showBanner ? <ConsentBanner onChoose={choose} onSettings={() => setSettingsOpen(true)} /> : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ConsentSettingsDialog
            isOpen
            onOpenChange={setSettingsOpen}
            idUser={user?.Id_User ?? null}
            consent={consent}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
