import { all, call, spawn } from 'redux-saga/effects';
import { watchAuth } from '../features/auth/sagas/auth-sagas.ts';
import { watchPreferences } from '../features/shell/sagas/preferences-sagas.ts';
import { watchSettings } from '../features/shell/sagas/settings-sagas.ts';
import { watchStartUp } from '../features/shell/sagas/start-up-sagas.ts';
import { watchResources } from '../resources/sagas/resource-sagas.ts';
import { watchConnectivity } from '../features/connectivity/sagas/connectivity-sagas.ts';
import { watchMessagePolling } from '../features/messages/sagas/message-polling-sagas.ts';
import { watchRealtime } from '../features/realtime/sagas/realtime-sagas.ts';
import { watchShare } from '../features/share/sagas/share-sagas.ts';
import type { Saga } from '../state/sagas/call.ts';
import { watchMenu } from '../state/sagas/menu.ts';

/**
 * THE place to register a saga: add its watcher to this list. Each runs on its own (spawned), so one
 * crashing watcher is logged and does not take the others down. Sagas get the effect layer with
 * `yield* effects()` (state/sagas/call.ts) and make calls with `yield* apiCall(call, body)`.
 */
export const sagas: readonly (() => Saga<unknown>)[] = [
  watchStartUp,
  watchAuth,
  watchMenu,
  watchSettings,
  watchPreferences,
  watchRealtime,
  watchConnectivity,
  watchMessagePolling,
  watchShare,
  watchResources,
];

export function* rootSaga(): Saga {
  yield all(
    sagas.map((saga) =>
      spawn(function* guarded() {
        try {
          yield call(saga);
        } catch (e) {
          console.error(`[saga] ${saga.name} stopped`, e);
        }
      }),
    ),
  );
}
