/**
 * Entry point (spec §1; DESIGN.md §6): fetch the runtime configuration once (decrypting `{ Value }`),
 * validate it, then render. On any failure only log to the console and render nothing.
 */
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfiguration } from './app/bootstrap/load-configuration.ts';
import { App, createAppServices } from './app/providers.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { applyTheme } from './shared/theme/apply-theme.ts';
import './shared/theme/theme.css';
import './shared/theme/global.css';

async function bootstrap(): Promise<void> {
  const config = await loadRuntimeConfiguration(__RUNTIME_CONFIG_KEY__);
  await initI18n();
  const services = createAppServices(config);
  applyTheme(services.app.branding);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(<App services={services} />);
}

bootstrap().catch((error: unknown) => {
  console.error('Guildgate could not start: the runtime configuration failed to load.', error);
});
