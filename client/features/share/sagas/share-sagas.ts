import type { PayloadAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { cancel, delay, fork, put, take } from 'redux-saga/effects';
import { REALTIME_TUNING } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { routeChanged } from '../../../state/app-events.ts';
import { apiCall, effects, type Saga } from '../../../state/sagas/call.ts';
import { createCadence, tickDue } from '../../../state/sagas/cadence.ts';
import { shareEvents } from '../share-slice.ts';

export const SHARE_PATH = '/share_access';

/** `?name=&password=` of the share route; null when either is missing or blank (spec §5). */
export function shareQuery(search: string): { file_name: string; password: string } | null {
  const params = new URLSearchParams(search);
  const name = params.get('name')?.trim() ?? '';
  const password = params.get('password') ?? '';
  return name && password ? { file_name: name, password } : null;
}

/** Load the figures now and every 5 s after (on a steady grid: state/sagas/cadence.ts), until cancelled by leaving the page. */
export function* shareRefreshFlow(query: { file_name: string; password: string }): Saga {
  const fx = yield* effects();
  const cadence = createCadence(fx.now(), REALTIME_TUNING.shareRefreshIntervalMs);
  for (;;) {
    try {
      const data = yield* apiCall(publicCall('qrCodeShareAccess'), query);
      yield put(shareEvents.figuresLoaded(data));
    } catch {
      yield put(shareEvents.failed('call_failed'));
    }
    yield delay(cadence.waitMs(fx.now()));
    yield tickDue(cadence);
    cadence.ticked(fx.now());
  }
}

/**
 * Follows the route: entering /share_access starts one refresh loop for its query, any other route stops it.
 * Entering again (other parameters) replaces the loop.
 */
export function* watchShare(): Saga {
  let task: Task | null = null;
  let current: string | null = null;
  for (;;) {
    const action = (yield take(routeChanged.type)) as PayloadAction<{ pathname: string; search: string }>;
    const { pathname, search } = action.payload;
    const key = pathname === SHARE_PATH ? search : null;
    if (key === current && task) continue; // same page, same query: keep the cadence
    current = key;
    if (task) {
      yield cancel(task);
      task = null;
      yield put(shareEvents.left());
    }
    if (key === null) continue;
    const query = shareQuery(search);
    yield put(shareEvents.opened());
    if (!query) {
      yield put(shareEvents.failed('missing_parameter'));
      continue;
    }
    task = (yield fork(shareRefreshFlow, query)) as Task;
  }
}
