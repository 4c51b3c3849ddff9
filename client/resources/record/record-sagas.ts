import type { PayloadAction } from '@reduxjs/toolkit';
import { all, put, takeEvery } from 'redux-saga/effects';
import { keyMessage } from '../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../state/sagas/call.ts';
import { recordByName } from './define-record.ts';
import { recordEvents as ev } from './record-slice.ts';

type Named<P = object> = PayloadAction<{ readonly record: string } & P>;

export function* readFlow(action: Named<{ body?: unknown }>): Saga {
  const name = action.payload.record;
  const decl = recordByName(name);
  if (!decl) return;
  try {
    const data: unknown = yield* apiCall(decl.read, action.payload.body ?? decl.body ?? {});
    yield put(ev.loaded({ record: name, data }));
  } catch (e) {
    yield put(ev.loadFailed({ record: name, error: toUserMessage(e) }));
  }
}

export function* saveFlow(action: Named<{ body: unknown }>): Saga {
  const name = action.payload.record;
  const decl = recordByName(name);
  if (!decl?.save) return;
  const fx = yield* effects();
  try {
    const answer: unknown = yield* apiCall(decl.save, action.payload.body);
    // A save call answering nothing (or not the record: a removal count): read the record again.
    const data: unknown = answer === null || decl.reread ? yield* apiCall(decl.read, decl.body ?? {}) : answer;
    yield put(ev.saved({ record: name, data }));
    if (decl.onSaved) yield put(decl.onSaved(data));
    fx.toast(keyMessage('errors.success'), 'success');
  } catch (e) {
    yield put(ev.saveFailed({ record: name, error: toUserMessage(e) }));
  }
}

/** The one saga behind every settings form and dashboard: records read side by side. */
export function* watchRecords(): Saga {
  yield all([takeEvery(ev.opened.type, readFlow), takeEvery(ev.saveSubmitted.type, saveFlow)]);
}
