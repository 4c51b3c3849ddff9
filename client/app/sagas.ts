import { all, call, spawn } from 'redux-saga/effects';
import { watchAccessLog } from '../features/access-log/sagas/access-log-sagas.ts';
import { watchConnectivity } from '../features/connectivity/sagas/connectivity-sagas.ts';
import { watchAuth } from '../features/auth/sagas/auth-sagas.ts';
import { watchPreferences } from '../features/start-up/sagas/preferences-sagas.ts';
import { watchSettings } from '../features/start-up/sagas/settings-sagas.ts';
import { watchStartUp } from '../features/start-up/sagas/start-up-sagas.ts';
import { watchShare } from '../features/share/sagas/share-sagas.ts';
import type { Saga } from '../state/sagas/call.ts';
import { watchMenu } from '../state/sagas/menu.ts';

/** The frame receivers that run from start-up, by the name the frame registry gives them (the rest: session-modules.ts). */
export const startUpFrameReceivers = { menu: watchMenu } as const;

/**
 * THE place to register a saga needed before login (start-up, public pages): add its watcher to this list.
 * Sagas used only behind login go to session-modules.ts. Sagas get the effect layer with
 * `yield* effects()` (state/sagas/call.ts) and make calls with `yield* apiCall(publicCall('name'), body)`:
 * importing a call from contracts here would put zod into the login page's first load (io/public-calls.ts).
 */
export const sagas: readonly (() => Saga<unknown>)[] = [
  watchStartUp,
  watchAuth,
  ...Object.values(startUpFrameReceivers),
  watchSettings,
  watchPreferences,
  watchConnectivity,
  watchShare,
  watchAccessLog,
];

/** Run a watcher on its own: one crashing watcher is logged and does not take the others down. */
export function guarded(saga: () => Saga<unknown>): () => Saga {
  return function* guardedSaga() {
    try {
      yield call(saga);
    } catch (e) {
      console.error(`[saga] ${saga.name} stopped`, e);
    }
  };
}

export function* rootSaga(): Saga {
  yield all(sagas.map((saga) => spawn(guarded(saga))));
}
