import type { PayloadAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, put, race, take } from 'redux-saga/effects';
import {
  liveStatisticsData,
  statisticsRealTime,
  statisticsRealTimeUnsubscribe,
} from '../../../../contracts/index.ts';
import type { MediaPreference } from '../../../io/effects/browser-effects.ts';
import { frameFor, realtimeEvents } from '../../../state/realtime-events.ts';
import { apiCall, effects, type Saga } from '../../../state/sagas/call.ts';
import { liveEvents } from '../live-slice.ts';

/** The window moves on once a second; a failed snapshot is tried again after this long. */
export const LIVE_TICK_MS = 1000;
export const LIVE_RETRY_MS = 5000;

const isLiveFrame = frameFor('live', 'statistics_live');

/** The tab's visibility as a channel of booleans (closing it unsubscribes from the browser). */
export function createVisibilityChannel(source: MediaPreference): EventChannel<boolean> {
  return eventChannel<boolean>((emit) => source.subscribe(emit));
}

function* tickFlow(): Saga {
  const fx = yield* effects();
  for (;;) {
    yield delay(LIVE_TICK_MS);
    yield put(liveEvents.ticked({ nowMs: fx.now() }));
  }
}

/** Wait until the channel says `want` (visible true / hidden false); answers true (a race tells who won). Without a channel the tab is always shown. */
function* untilVisible(channel: EventChannel<boolean> | null, want: boolean): Saga<true> {
  if (!channel) {
    if (!want) yield take(() => false); // never hidden
    return true;
  }
  for (;;) if (((yield take(channel)) as boolean) === want) return true;
}

/**
 * One visit of the live screen: snapshot (which subscribes the session to frame 21), then merge frames until the
 * tab hides (unsubscribe, wait for it to show, snapshot again) or the socket logs in again after a reconnect
 * (frames were lost meanwhile: snapshot again; merging by second counts nothing twice). Cancelled when the
 * screen leaves (`liveStatistics/left`) or opens again with another filter.
 */
export function* liveFlow(userId: number | null): Saga {
  const fx = yield* effects();
  const visibility = fx.pageVisible ? ((yield call(createVisibilityChannel, fx.pageVisible)) as EventChannel<boolean>) : null;
  const body = userId === null ? {} : { user_id: userId };
  let subscribed = false;
  const ticker = (yield fork(tickFlow)) as Task;
  try {
    if (fx.pageVisible && !fx.pageVisible.matches()) {
      yield put(liveEvents.paused());
      yield* untilVisible(visibility, true);
    }
    for (;;) {
      try {
        const snapshot = yield* apiCall(statisticsRealTime, body);
        subscribed = true;
        yield put(liveEvents.snapshotLoaded({ snapshot, receivedAtMs: fx.now() }));
      } catch {
        yield put(liveEvents.failed());
        const r = (yield race({ retry: delay(LIVE_RETRY_MS), hidden: call(untilVisible, visibility, false) })) as { hidden?: true };
        if (r.hidden) yield* pauseUntilVisible(visibility, false);
        continue;
      }
      for (;;) {
        const r = (yield race({
          frame: take(isLiveFrame),
          relogged: take(realtimeEvents.loginAcknowledged.type),
          hidden: call(untilVisible, visibility, false),
        })) as { frame?: ReturnType<typeof realtimeEvents.frameReceived>; relogged?: unknown; hidden?: true };
        if (r.frame) {
          const parsed = liveStatisticsData.safeParse(r.frame.payload.data);
          if (parsed.success) yield put(liveEvents.batchReceived(parsed.data));
          continue;
        }
        if (r.hidden) {
          yield* pauseUntilVisible(visibility, subscribed);
          subscribed = false;
        }
        break;
      }
    }
  } finally {
    yield cancel(ticker);
    visibility?.close();
    if (subscribed) yield* unsubscribe();
  }
}

function* unsubscribe(): Saga {
  try {
    yield* apiCall(statisticsRealTimeUnsubscribe, {});
  } catch {
    // The server forgets a session that stops taking frames by itself (60 s).
  }
}

function* pauseUntilVisible(visibility: EventChannel<boolean> | null, subscribed: boolean): Saga {
  if (subscribed) yield* unsubscribe();
  yield put(liveEvents.paused());
  yield* untilVisible(visibility, true);
}

/** The screen says when it opens (with its user filter) and when it leaves; one `liveFlow` runs in between. */
export function* watchLiveStatistics(): Saga {
  let task: Task | null = null;
  for (;;) {
    const action = (yield take([liveEvents.opened.type, liveEvents.left.type])) as PayloadAction<{ userId: number | null } | undefined>;
    if (task) yield cancel(task);
    task = liveEvents.opened.match(action) ? ((yield fork(liveFlow, action.payload.userId)) as Task) : null;
  }
}
