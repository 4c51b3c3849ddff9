import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, throttle } from 'redux-saga/effects';
import { asyncOperationsDownload, AsyncOperationStatus, FrameType, jobProgressData } from '../../../../contracts/index.ts';
import { downloadText } from '../../../resources/effects/download.ts';
import { resourceEvents, type WithResources } from '../../../resources/resource-slice.ts';
import { realtimeEvents } from '../../../state/realtime-events.ts';
import { textMessage } from '../../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { downloadRequested } from '../async-operations-events.ts';

const RESOURCE = 'async_operations';
/** At most one list reload per this many ms while frames stream in (the last frame always gets its reload). */
export const JOB_RELOAD_THROTTLE_MS = 500;

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isJobFrame = (a: { type: string; payload?: unknown }): boolean =>
  realtimeEvents.frameReceived.match(a) && a.payload.type === FrameType.values.job_progress;

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

/** A job moved: reload the async_operations list when it is on screen (so bars move without a reload). */
export function* jobFrameFlow(): Saga {
  const fx = yield* effects();
  const open = (yield select((s: Partial<WithResources>) => s.resources?.[RESOURCE] !== undefined)) as boolean;
  if (open && fx.currentPath().endsWith(`/${RESOURCE}`)) yield put(resourceEvents.reloadRequested({ resource: RESOURCE }));
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
    throttle(JOB_RELOAD_THROTTLE_MS, isJobFrame, jobFrameFlow),
    takeEvery(isJobFrame, jobEndedFlow),
  ]);
}
