import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Effects } from '../api/effects.ts';
import { hydrateCoreState } from '../state/hydrate.ts';
import { rootReducer, type RootState } from './reducers.ts';
import { rootSaga } from './sagas.ts';

/**
 * The store with the saga middleware. `effects` is the whole outside world (HTTP, storage, navigation,
 * toasts); tests pass a fake one and run the real sagas.
 */
export function createAppStore(effects: Effects, preloaded?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({ context: { effects } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { ...hydrateCoreState(effects.storage, effects.userAgent), ...preloaded },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(rootSaga);
  return Object.assign(store, { sagaTask: task });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
