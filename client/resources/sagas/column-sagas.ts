import type { PayloadAction } from '@reduxjs/toolkit';
import { all, put, select, takeEvery } from 'redux-saga/effects';
import { columnsKey } from '../../io/storage.ts';
import { effects, type Saga } from '../../state/sagas/call.ts';
import { resourceEvents as ev, selectResource, type ResourceState, type WithResources } from '../resource-slice.ts';

type Named<P = object> = PayloadAction<{ readonly resource: string } & P>;

/** A saved choice: an array of column ids, or nothing (bad JSON from an older build is ignored). */
function parseHidden(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((x) => typeof x === 'string') ? value : null;
  } catch {
    return null;
  }
}

/** A list shown for the first time in this session gets the columns its user chose last time. */
export function* restoreColumnsFlow(action: Named): Saga {
  const resource = action.payload.resource;
  const state = (yield select((s: WithResources) => selectResource(s, resource))) as ResourceState;
  if (state.hiddenColumns !== null) return;
  const hidden = parseHidden((yield* effects()).storage.get(columnsKey(resource)));
  if (hidden) yield put(ev.columnsRestored({ resource, hidden }));
}

export function* saveColumnsFlow(action: Named<{ hidden: readonly string[] }>): Saga {
  (yield* effects()).storage.set(columnsKey(action.payload.resource), JSON.stringify(action.payload.hidden));
}

/** The column choice is remembered per list (localStorage through the effect layer). */
export function* watchColumns(): Saga {
  yield all([takeEvery(ev.opened.type, restoreColumnsFlow), takeEvery(ev.columnsChosen.type, saveColumnsFlow)]);
}
