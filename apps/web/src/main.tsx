/**
 * Entry point (spec §1; DESIGN.md §6): fetch the runtime configuration once (decrypting `{ Value }`),
 * validate it, then render. The shown language's texts and the opened page's chunks load at the same
 * time (shared/i18n, app/router.tsx `preloadRoute`). Until the
 * first render, index.html's loading shell (shared/theme/boot-shell.css) shows. On any failure only log to
 * the console and render nothing (the shell is removed: the application did not start).
 */
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfiguration } from './app/bootstrap/load-configuration.ts';
import { App, createAppServices } from './app/providers.tsx';
import { preloadRoute } from './app/router.tsx';
import { initI18n } from './shared/i18n/i18n.ts';
import { applyTheme } from './shared/theme/apply-theme.ts';
import './shared/theme/theme.css';
import './shared/theme/global.css';
import './shared/theme/boot-shell.css';

async function bootstrap(container: HTMLElement): Promise<void> {
  preloadRoute(window.location.pathname);
  const [config] = await Promise.all([loadRuntimeConfiguration(__RUNTIME_CONFIG_KEY__), initI18n()]);
  const services = createAppServices(config);
  applyTheme(services.app.branding);
  createRoot(container).render(<App services={services} />);
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
bootstrap(container).catch((error: unknown) => {
  container.replaceChildren();
  console.error('Guildgate could not start: the runtime configuration failed to load.', error);
});
