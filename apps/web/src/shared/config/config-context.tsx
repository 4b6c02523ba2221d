/**
 * The runtime configuration (spec §1) and its environment profile, made available to every page.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfiguration } from '@guildgate/contracts';
import { behaviourFor, brandingFor, type Behaviour, type Branding } from '../../environments/index.ts';

/** Configuration plus the environment's branding and behaviour (spec §1). */
export interface AppConfiguration {
  config: RuntimeConfiguration;
  branding: Branding;
  behaviour: Behaviour;
}

const ConfigContext = createContext<AppConfiguration | null>(null);

/** Builds the profile of a validated configuration (spec §1). */
export function toAppConfiguration(config: RuntimeConfiguration): AppConfiguration {
  return {
    config,
    branding: brandingFor(config.environmentName),
    behaviour: behaviourFor(config.environmentName),
  };
}

/** Provides the loaded configuration (spec §1: the app renders only once it is loaded). */
export function ConfigProvider({ value, children }: { value: AppConfiguration; children: ReactNode }) {
  return <ConfigContext value={value}>{children}</ConfigContext>;
}

/** The configuration, branding and behaviour of this deployment (spec §1). */
export function useAppConfiguration(): AppConfiguration {
  const value = useContext(ConfigContext);
  if (!value) throw new Error('useAppConfiguration must be used inside ConfigProvider');
  return value;
}
