import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createBrowserEffects } from './api/effects.ts';
import { createI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { installIconLoader } from './components/icons.ts';
import { showToast } from './components/toaster.ts';
import { appStarted } from './state/app-events.ts';

installIconLoader();

const router = createAppRouter();
// Filled once the store exists: toasts are translated in the language of the moment.
let translate: (key: string, vars?: Record<string, string | number>) => string = (key) => key;

const effects = createBrowserEffects({
  navigate: (to, options) => void router.navigate(to, options),
  currentPath: () => router.state.location.pathname,
  toast: (message, intent) => showToast('text' in message ? message.text : translate(message.key, message.vars), intent),
});
const store = createAppStore(effects);
const i18n = createI18n(store.getState().ui.language);
translate = (key, vars) => i18n.t(key, vars ?? {});

store.dispatch(appStarted());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
