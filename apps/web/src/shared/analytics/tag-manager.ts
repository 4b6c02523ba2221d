/**
 * Tag-manager events (spec §1 "tag manager" flag; §4 "Analytics events are sent only when
 * consent_analytics equals 1"). Events go into `window.dataLayer`, the data layer a Google Tag
 * Manager container reads; nothing is pushed unless `tagManagerActive` (flag on and analytics consent).
 * Page views carry the path only: queries may hold one-time tokens (DESIGN.md §5). A page view is
 * pushed on every navigation, and once more when the player's choice turns analytics consent on
 * (the page they are on counts from that moment, without a reload); never before consent.
 */
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import type { FeatureFlags } from '@guildgate/contracts';
import { useAppConfiguration } from '../config/config-context.tsx';
import { tagManagerActive } from '../config/feature-switches.ts';
import { CONSENT_CHANGED_EVENT, type ConsentChange } from '../cookies/consent.ts';

/** A data-layer entry: `event` names it (e.g. 'page_view'). */
export interface TagManagerEvent {
  event: string;
  [field: string]: unknown;
}

/** What holds the data layer (the window in the browser). */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

/**
 * Pushes `entry` into `host.dataLayer` (created when missing) if the tag manager is active.
 * @param cookieHeader the page's `document.cookie` (consent_analytics is read from it)
 * @returns whether the event was pushed
 */
export function pushTagManagerEvent(
  features: Pick<FeatureFlags, 'tagManager'>,
  cookieHeader: string,
  entry: TagManagerEvent,
  host: DataLayerHost,
): boolean {
  if (!tagManagerActive(features, cookieHeader)) return false;
  host.dataLayer ??= [];
  host.dataLayer.push(entry);
  return true;
}

/**
 * After a consent write: pushes `entry` (the current page view) only when the write turned the tag
 * manager on — it was not active with the cookies `change.before` and is with `change.after`. A
 * choice that keeps analytics on, or turns it off, pushes nothing.
 * @returns whether the event was pushed
 */
export function pushOnConsentChange(
  features: Pick<FeatureFlags, 'tagManager'>,
  change: ConsentChange,
  entry: TagManagerEvent,
  host: DataLayerHost,
): boolean {
  if (tagManagerActive(features, change.before)) return false;
  return pushTagManagerEvent(features, change.after, entry, host);
}

/** The `page_view` entry of `pathname`. */
export function pageView(pathname: string): TagManagerEvent {
  return { event: 'page_view', page_path: pathname };
}

/**
 * Pushes a `page_view` with the page path on every navigation, and for the current page when the
 * consent manager's write turns analytics consent on — each only when the tag manager is active.
 */
export function useTagManagerPageViews(): void {
  const { config } = useAppConfiguration();
  const { pathname } = useLocation();
  useEffect(() => {
    pushTagManagerEvent(
      config.features,
      document.cookie,
      pageView(pathname),
      window as Window & DataLayerHost,
    );
  }, [config.features, pathname]);
  const onConsentChange = useEffectEvent((event: Event) => {
    const change = (event as CustomEvent<ConsentChange>).detail;
    pushOnConsentChange(config.features, change, pageView(pathname), window as Window & DataLayerHost);
  });
  useEffect(() => {
    window.addEventListener(CONSENT_CHANGED_EVENT, onConsentChange);
    return () => window.removeEventListener(CONSENT_CHANGED_EVENT, onConsentChange);
  }, []);
}
