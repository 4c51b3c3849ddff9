import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, throttle } from 'redux-saga/effects';
import { asyncOperationsDownload, AsyncOperationStatus, jobProgressData, scriptOutput } from '../../../../contracts/index.ts';
import { downloadText } from '../../../resources/effects/download.ts';
import { resourceEvents, type WithResources } from '../../../resources/resource-slice.ts';
import { frameFor, type realtimeEvents } from '../../../state/realtime-events.ts';
import { textMessage } from '../../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { downloadRequested } from '../async-operations-events.ts';
import { jobOutputActions } from '../job-output-slice.ts';

/** Screens listing jobs: reloaded on frame 20 while on screen. */
const JOB_SCREENS = ['async_operations', 'script'] as const;
/** At most one list reload per this many ms while frames stream in (the last frame always gets its reload). */
export const JOB_RELOAD_THROTTLE_MS = 500;

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isJobFrame = frameFor('jobs', 'job_progress');

/** Fetch a finished export's CSV (only its user may) and hand it to the browser. */
export function* downloadFlow(action: PayloadAction<{ id: number }>): Saga {
  const fx = yield* effects();
  try {
    const file = yield* apiCall(asyncOperationsDownload, { id: action.payload.id });
    yield call(downloadText, file.file_name, file.content, 'text/csv;charset=utf-8');
  } catch (e) {
    fx.toast(toUserMessage(e), 'danger');
  }
}

/** A script run's output (only its user may read it). */
export function* outputFlow(action: ReturnType<typeof jobOutputActions.requested>): Saga {
  try {
    const answer = yield* apiCall(scriptOutput, { id: action.payload });
    yield put(jobOutputActions.loaded(answer));
  } catch (e) {
    yield put(jobOutputActions.failed(toUserMessage(e)));
  }
}

/** A job moved: reload the job list when it is on screen (so bars move without a reload). */
export function* jobFrameFlow(): Saga {
  const fx = yield* effects();
  for (const resource of JOB_SCREENS) {
    const open = (yield select((s: Partial<WithResources>) => s.resources?.[resource] !== undefined)) as boolean;
    if (open && fx.currentPath().endsWith(`/${resource}`)) yield put(resourceEvents.reloadRequested({ resource }));
  }
}

/** A job ended: say so wherever the user is (the server's message is already in the job's language). */
export function* jobEndedFlow(action: FrameAction): Saga {
  const parsed = jobProgressData.safeParse(action.payload.data);
  if (!parsed.success || parsed.data.status === AsyncOperationStatus.values.in_progress || !parsed.data.message) return;
  const fx = yield* effects();
  fx.toast(textMessage(parsed.data.message), parsed.data.status === AsyncOperationStatus.values.completed ? 'success' : 'danger');
}

export function* watchAsyncOperations(): Saga {
  yield all([
    takeEvery(downloadRequested.type, downloadFlow),
    takeLatest(jobOutputActions.requested.type, outputFlow),
    throttle(JOB_RELOAD_THROTTLE_MS, isJobFrame, jobFrameFlow),
    takeEvery(isJobFrame, jobEndedFlow),
  ]);
}
