import type { Task } from 'redux-saga';
import { all, call, cancel, fork, put, take, takeEvery } from 'redux-saga/effects';
import { type CallDef, type Page } from '../../../contracts/index.ts';
import { keyMessage } from '../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../state/sagas/call.ts';
import { answersRow } from '../defaults.ts';
import { keyOf, resourceByName } from '../define.ts';
import { listBody } from '../query.ts';
import { resourceEvents as ev, type SaveSubmission } from '../resource-slice.ts';
import type { RowKey } from '../types.ts';
import { watchColumns } from './column-sagas.ts';
import { encrypted } from './encrypt-fields.ts';
import { exportUntilCancelled } from './export-sagas.ts';
import { stateOf, type Named } from './resource-state.ts';

/** Load the current page of one resource. */
export function* loadFlow(name: string): Saga {
  const decl = resourceByName(name);
  if (!decl) return;
  const r = yield* stateOf(name);
  yield put(ev.listRequested({ resource: name }));
  try {
    const page = (yield* apiCall(decl.list, listBody(decl, r.query))) as Page<unknown> & { total_capped?: boolean; not_found?: string[] };
    const keys = page.content.map((row) => keyOf(decl, row));
    // A capped total (contracts' cappedPageOf) is "at least": the pager shows it as "10,000+". What was asked
    // by name and not found is said above the list (list/not-found-notice.tsx), never dropped without a word.
    const data = {
      rows: page.content,
      total: page.total,
      ...(page.total_capped && { totalCapped: true }),
      ...(page.not_found?.length && { notFound: page.not_found }),
    };
    yield put(ev.listLoaded({ resource: name, data, keys }));
  } catch (e) {
    yield put(ev.listLoadFailed({ resource: name, error: toUserMessage(e) }));
  }
}

/** `searched` loads even when the filters did not change: a person pressing Search wants the list asked again. */
export const LOAD_TRIGGERS: readonly string[] = [ev.opened.type, ev.queryChanged.type, ev.searched.type, ev.reloadRequested.type, ev.saved.type, ev.removed.type, ev.actionDone.type];

/** What reloads a list: a change of view or of its rows, but not a save whose answer already took the row's place. */
const loadTrigger = (a: { type: string; payload?: { refreshed?: boolean } }) => LOAD_TRIGGERS.includes(a.type) && !(a.type === ev.saved.type && a.payload?.refreshed);

/**
 * The latest load wins per resource (a new filter cancels the slower earlier answer); resources do not wait on
 * each other. `trigger` is `loadTrigger`; the scenario mutation checks pass a narrower one.
 */
export function* watchLoads(trigger: (a: { type: string; payload?: { refreshed?: boolean } }) => boolean = loadTrigger): Saga {
  const running = new Map<string, Task>();
  for (;;) {
    const action = (yield take(trigger)) as Named;
    const name = action.payload.resource;
    const prev = running.get(name);
    if (prev?.isRunning()) yield cancel(prev);
    running.set(name, (yield fork(loadFlow, name)) as Task);
  }
}

/** Load every lookup a resource declares (choices for its selects), side by side. */
export function* lookupsFlow(action: Named): Saga {
  const resource = action.payload.resource;
  const lookups = Object.entries(resourceByName(resource)?.lookups ?? {});
  yield all(
    lookups.map(([id, lookup]) =>
      call(function* loadLookup(): Saga {
        yield put(ev.lookupRequested({ resource, lookup: id }));
        try {
          const answer: unknown = yield* apiCall(lookup.call, lookup.body);
          yield put(ev.lookupLoaded({ resource, lookup: id, answer }));
        } catch (e) {
          yield put(ev.lookupFailed({ resource, lookup: id, error: toUserMessage(e) }));
        }
      }),
    ),
  );
}

/** A declared `details` call for the row about to be edited; a failure keeps the listed copy (the form still opens). */
export function* detailsFlow(action: ReturnType<typeof ev.detailsRequested>): Saga {
  const { resource, key } = action.payload;
  const decl = resourceByName(resource);
  if (!decl?.details) return;
  try {
    const row = (yield* apiCall(decl.details.call, decl.details.body(key))) as Record<string, unknown>;
    yield put(ev.rowRefreshed({ resource, keyField: decl.rowKey ?? 'id', row }));
  } catch {
    // The list's copy is still a good start; the save answers for the truth.
  }
}

function formFor(resource: string, mode: SaveSubmission['mode']) {
  const decl = resourceByName(resource);
  if (mode === 'create') return decl?.create;
  if (mode === 'update') return decl?.update;
  const a = decl?.actions?.find((x) => x.id === mode.action);
  return a?.kind === 'form' ? a.form : undefined;
}

/**
 * An edit whose answer is the row as the list shows it (answersRow) and whose row is on the page shown: that
 * row takes the listed copy's place and the page is not read again. When the edit changed a field the view
 * depends on (a filter, the fixed query, the sort, a `sort` order field) the row may leave the page or move,
 * so the page is read again, as is after anything else.
 */
function* refreshedRow(resource: string, mode: SaveSubmission['mode'], call: CallDef, result: unknown): Saga<boolean> {
  const decl = resourceByName(resource);
  if (mode !== 'update' || !decl || !answersRow(decl.list, call) || result === null || typeof result !== 'object') return false;
  const r = yield* stateOf(resource);
  if (r.list.status !== 'succeeded') return false;
  const key = keyOf(decl, result);
  const before = r.list.data.rows.find((row) => keyOf(decl, row) === key) as Record<string, unknown> | undefined;
  if (!before) return false;
  const after = result as Record<string, unknown>;
  const viewFields = [...Object.keys(r.query.fixed), ...Object.keys(decl.fixedQuery ?? {}), ...Object.keys(r.query.filters), r.query.sort?.field, 'sort'];
  if (viewFields.some((f) => f !== undefined && JSON.stringify(before[f]) !== JSON.stringify(after[f]))) return false;
  yield put(ev.rowRefreshed({ resource, keyField: decl.rowKey ?? 'id', row: after }));
  return true;
}

export function* saveFlow(action: Named<SaveSubmission>): Saga {
  const { resource, mode, body } = action.payload;
  const form = formFor(resource, mode);
  if (!form) return;
  const fx = yield* effects();
  try {
    const result: unknown = yield* apiCall(form.call, (yield* encrypted(form.call, body)) as never);
    const refreshed = yield* refreshedRow(resource, mode, form.call, result);
    yield put(ev.saved({ resource, result, refreshed }));
    // A call that answers a job id (a large batch update) has only started: say where it continues.
    const job = (result as { job_id?: unknown } | null)?.job_id;
    fx.toast(keyMessage(job ? 'resource.job_started' : 'errors.success'), job ? 'primary' : 'success');
  } catch (e) {
    yield put(ev.saveFailed({ resource, error: toUserMessage(e) }));
  }
}

function* rowsFor(name: string, keys: readonly RowKey[]): Saga<unknown[]> {
  const decl = resourceByName(name);
  const r = yield* stateOf(name);
  const rows = r.list.status === 'idle' || !('data' in r.list) || !r.list.data ? [] : r.list.data.rows;
  const wanted = new Set(keys);
  return decl ? rows.filter((row) => wanted.has(keyOf(decl, row))) : [];
}

export function* removeFlow(action: Named<{ keys: readonly RowKey[] }>): Saga {
  const { resource, keys } = action.payload;
  const remove = resourceByName(resource)?.remove;
  if (!remove) return;
  const fx = yield* effects();
  try {
    const rows = yield* rowsFor(resource, keys);
    yield* apiCall(remove.call, remove.body([...keys], rows));
    yield put(ev.removed({ resource }));
    fx.toast(keyMessage('errors.success'), 'success');
  } catch (e) {
    // Said once, above the list where the delete was asked for (list/action-error.tsx), not also in a toast.
    yield put(ev.removeFailed({ resource, error: toUserMessage(e) }));
  }
}

export function* actionFlow(action: Named<{ action: string; keys: readonly RowKey[] }>): Saga {
  const { resource, keys } = action.payload;
  const decl = resourceByName(resource);
  const def = decl?.actions?.find((a) => a.id === action.payload.action);
  if (!def || def.kind !== 'call') return;
  const fx = yield* effects();
  try {
    const rows = yield* rowsFor(resource, keys);
    yield* apiCall(def.call, def.body(rows));
    yield put(ev.actionDone({ resource }));
    fx.toast(keyMessage('errors.success'), 'success');
  } catch (e) {
    // Said once, above the list where the action was taken (list/action-error.tsx), not also in a toast.
    yield put(ev.actionFailed({ resource, error: toUserMessage(e) }));
  }
}

/** The one saga behind every resource screen. */
export function* watchResources(): Saga {
  yield all([
    call(watchLoads),
    call(watchColumns),
    takeEvery(ev.opened.type, lookupsFlow),
    takeEvery(ev.lookupsRequested.type, lookupsFlow),
    takeEvery(ev.detailsRequested.type, detailsFlow),
    takeEvery(ev.saveSubmitted.type, saveFlow),
    takeEvery(ev.removeConfirmed.type, removeFlow),
    takeEvery(ev.actionConfirmed.type, actionFlow),
    takeEvery(ev.exportRequested.type, exportUntilCancelled),
  ]);
}
