import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import type { Effects } from '../io/effects/browser-effects.ts';
import { hydrateCoreState, type StoredUserInfoReader } from '../state/hydrate.ts';
import type { ModuleLoader } from '../state/sagas/modules.ts';
import type { FeatureModule } from './modules.ts';
import { reducers, type RootState } from './reducers.ts';
import { guarded, rootSaga } from './sagas.ts';

/**
 * The store with the saga middleware. `effects` is the whole outside world (HTTP, storage, navigation,
 * toasts); tests pass a fake one and run the real sagas. Slices and sagas of session-modules.ts join later
 * (`loadSessionModules`), so the login page does not download them. `readUserInfo` checks the stored
 * session's user info (store.ts passes the contract's schema; main.tsx loads it only when a token is stored,
 * so the login page's first load carries no zod).
 */
export function createStoreWith(effects: Effects, readUserInfo: StoredUserInfoReader, preloaded?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware<{ effects: Effects; modules?: ModuleLoader }>({ context: { effects } });
  let live: Record<string, Reducer> = { ...reducers };
  // The typed view of a reducer map that grows at run time; RootState says what it holds once complete.
  const build = () => combineReducers(live) as unknown as Reducer<RootState>;
  const store = configureStore({
    reducer: build(),
    preloadedState: { ...hydrateCoreState(effects.storage, effects.userAgent, readUserInfo), ...preloaded } as RootState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });

  const started = new Set<() => unknown>();
  const tasks: Task[] = [];
  function injectModule(module: FeatureModule): void {
    const fresh = Object.keys(module.reducers).filter((k) => !(k in live));
    if (fresh.length) {
      live = { ...live, ...module.reducers };
      store.replaceReducer(build());
    }
    for (const saga of module.sagas) {
      if (started.has(saga)) continue;
      started.add(saga);
      tasks.push(sagaMiddleware.run(guarded(saga)));
    }
  }

  let session: Promise<void> | null = null;
  /** Load and add the session module once; a failed download may be retried. */
  function loadSessionModules(): Promise<void> {
    session ??= import('./session-modules.ts').then(
      (m) => injectModule(m.sessionModule),
      (e: unknown) => {
        session = null;
        throw e;
      },
    );
    return session;
  }

  const modules: ModuleLoader = { loadSession: loadSessionModules };
  sagaMiddleware.setContext({ modules });
  const task = sagaMiddleware.run(rootSaga);
  /** Every saga stopped, the session module's too (a store rendered at build time: client/prerender.tsx). */
  const stop = () => [task, ...tasks].forEach((t) => t.cancel());
  return Object.assign(store, { sagaTask: task, injectModule, loadSessionModules, stop });
}

export type AppStore = ReturnType<typeof createStoreWith>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
