import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserEffects } from './io/effects/browser-effects.ts';
import { createI18n, loadPublicResources, whenKnown as whenTextKnown } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createRouterBridge } from './app/router-bridge.tsx';
import { AppRouter } from './app/router.tsx';
import { createStoreWith, type AppStore } from './app/store-core.ts';
import { STORAGE_KEYS } from './io/storage.ts';
import { storedLanguage, type StoredUserInfoReader } from './state/hydrate.ts';
import { installIconLoader } from './components/icons.ts';
import { showToast } from './components/toaster.ts';
import { appStarted, routeChanged } from './state/app-events.ts';
import { adoptFirstPaint } from './first-paint/takeover.tsx';

installIconLoader();

// The store needs the effects, the effects need the router bridge, the bridge reports to the store: tie the
// knot with a late-bound reference (filled right below, before anything renders).
let store: AppStore | null = null;
let translate: (key: string, vars?: Record<string, string | number>) => string = (key) => key;
/** A key's text may still be on its way (client/app/i18n.ts `whenKnown`): the toast waits for it. */
let whenKnown: (key: string) => Promise<void> | null = () => null;

const bridge = createRouterBridge((location) => store?.dispatch(routeChanged(location)));
const baseEffects = createBrowserEffects({
  navigate: bridge.navigate,
  currentPath: bridge.currentPath,
  toast: (message, intent) => {
    if ('text' in message) return showToast(message.text, intent);
    const show = () => showToast(translate(message.key, message.vars), intent);
    const later = whenKnown(message.key);
    if (later) void later.then(show);
    else show();
  },
});
/**
 * Boot inside a function (no top-level await: it would switch off the bundler's chunk optimisations). The
 * saga start-up calls run while the texts of the language on screen (one small chunk) are fetched.
 */
async function boot(): Promise<void> {
  // DEV ONLY: the debug menu's event recorder observes the effect layer (features/debug). Vite replaces
  // import.meta.env.DEV with false in production builds, so this import and the whole folder are dropped.
  const debug = import.meta.env.DEV ? (await import('./features/debug/install.ts')).installDebug(baseEffects) : null;
  const app = createStoreWith(debug ? debug.effects : baseEffects, await storedUserInfoReader());
  store = app;
  debug?.attach(app);
  app.dispatch(appStarted());

  const language = app.getState().ui.language;
  const i18n = createI18n(language, await loadPublicResources(language));
  translate = (key, vars) => i18n.t(key, vars ?? {});
  whenKnown = (key) => whenTextKnown(i18n, key);

  const root = document.getElementById('root')!;
  adoptFirstPaint(root); // the prerendered public page index.html shows, if any (client/first-paint/takeover.tsx)
  const reactRoot = createRoot(root);
  // A transition: React renders the first screen in slices, yielding to the browser between them, instead of
  // one long task (issue 25: total blocking time on a phone). What is on screen meanwhile is the first paint, if any.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders store={app} i18n={i18n}>
          <AppRouter bridge={bridge} />
          {debug && <debug.DebugMenu recorder={debug.recorder} shipping={debug.shipping} />}
        </AppProviders>
      </StrictMode>,
    ),
  );
}
/**
 * A stored session's user info is checked against the contract before the first render, as ever; the check
 * brings zod, so it is fetched only when a token is stored (a visitor of the public pages has none). Without
 * a token nothing is read. If the chunk does not arrive, the session is not restored (the token stays stored
 * for the next load).
 */
async function storedUserInfoReader(): Promise<StoredUserInfoReader> {
  if (!baseEffects.storage.get(STORAGE_KEYS.token)) return () => null;
  // What the first screen behind login needs starts downloading beside the session check (app/warm-session.ts).
  void import('./app/warm-session.ts').then((m) => m.warmSession(location.hash, storedLanguage(baseEffects.storage)), () => undefined);
  try {
    return (await import('./state/stored-session.ts')).parseStoredUserInfo;
  } catch {
    return () => null;
  }
}
void boot();
