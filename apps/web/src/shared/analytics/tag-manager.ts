/**
 * Tag-manager events (spec §1 "tag manager" flag; §4 "Analytics events are sent only when
 * consent_analytics equals 1"). Events go into `window.dataLayer`, the data layer a Google Tag
 * Manager container reads; nothing is pushed unless `tagManagerActive` (flag on and analytics consent).
 * Page views carry the path only: queries may hold one-time tokens (DESIGN.md §5).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { FeatureFlags } from '@guildgate/contracts';
import { useAppConfiguration } from '../config/config-context.tsx';
import { tagManagerActive } from '../config/feature-switches.ts';

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

/** Pushes a `page_view` with the page path on every navigation, when the tag manager is active. */
export function useTagManagerPageViews(): void {
  const { config } = useAppConfiguration();
  const { pathname } = useLocation();
  useEffect(() => {
    pushTagManagerEvent(
      config.features,
      document.cookie,
      { event: 'page_view', page_path: pathname },
      window as Window & DataLayerHost,
    );
  }, [config.features, pathname]);
}
