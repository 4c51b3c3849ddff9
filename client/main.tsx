import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserEffects } from './api/effects.ts';
import { createI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createRouterBridge } from './app/router-bridge.tsx';
import { AppRouter } from './app/router.tsx';
import { createAppStore, type AppStore } from './app/store.ts';
import { installIconLoader } from './components/icons.ts';
import { showToast } from './components/toaster.ts';
import { appStarted, routeChanged } from './state/app-events.ts';

installIconLoader();

// The store needs the effects, the effects need the router bridge, the bridge reports to the store: tie the
// knot with a late-bound reference (filled right below, before anything renders).
let store: AppStore | null = null;
let translate: (key: string, vars?: Record<string, string | number>) => string = (key) => key;

const bridge = createRouterBridge((location) => store?.dispatch(routeChanged(location)));
const effects = createBrowserEffects({
  navigate: bridge.navigate,
  currentPath: bridge.currentPath,
  toast: (message, intent) => showToast('text' in message ? message.text : translate(message.key, message.vars), intent),
});
store = createAppStore(effects);
const i18n = createI18n(store.getState().ui.language);
translate = (key, vars) => i18n.t(key, vars ?? {});

store.dispatch(appStarted());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store} i18n={i18n}>
      <AppRouter bridge={bridge} />
    </AppProviders>
  </StrictMode>,
);
