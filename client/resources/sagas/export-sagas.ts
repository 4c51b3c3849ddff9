import { call, put, race, take } from 'redux-saga/effects';
import { asyncOperationsExport, EXPORT_JOB_THRESHOLD, PAGE_SIZE_MAX, type CallDef, type Page, type RequestOf } from '../../../contracts/index.ts';
import { keyMessage } from '../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../state/sagas/call.ts';
import { resourceByName } from '../define.ts';
import { downloadText } from '../effects/download.ts';
import { listBody, toCsv } from '../query.ts';
import { resourceEvents as ev, type ExportColumn } from '../resource-slice.ts';
import { stateOf, type Named } from './resource-state.ts';

/* Exports of a resource's list: paged here up to EXPORT_MAX_ROWS, beyond that a background job on the server. */

/** Exports page through the list call; past this many rows the server's own export is the tool. */
export const EXPORT_MAX_ROWS = 100_000;

/** Page through the list call with the applied filters, then hand the CSV to the browser. */
export function* exportFlow(action: Named<{ columns: readonly ExportColumn[]; fileName: string }>): Saga {
  const { resource, columns, fileName } = action.payload;
  const decl = resourceByName(resource);
  if (!decl) return;
  const r = yield* stateOf(resource);
  const rows: unknown[] = [];
  let total: number;
  const chunked = decl.export?.chunked;
  try {
    if (chunked) {
      // The server's export call: cursor-paged chunks, newest first, same filters as the list.
      const { page: _page, page_size: _size, sort: _sort, order: _order, ...filters } = listBody(decl, r.query) as Record<string, unknown>;
      let cursor: string | null | undefined;
      do {
        const answer = (yield* apiCall(chunked.call, { ...filters, limit: chunked.limit, ...(cursor ? { cursor } : {}) })) as Page<unknown> & {
          next_cursor: string | null;
        };
        total = answer.total;
        rows.push(...answer.content);
        cursor = answer.next_cursor;
        yield put(ev.exportProgressed({ resource, done: rows.length, total: Math.min(total, EXPORT_MAX_ROWS) }));
      } while (cursor && rows.length < EXPORT_MAX_ROWS);
    } else {
      for (let page = 1; ; page++) {
        const answer = (yield* apiCall(decl.list, listBody(decl, r.query, page, PAGE_SIZE_MAX))) as Page<unknown>;
        total = answer.total;
        if (page === 1 && total > EXPORT_JOB_THRESHOLD) return yield* exportAsJob(resource, decl.list, listBody(decl, r.query));
        rows.push(...answer.content);
        yield put(ev.exportProgressed({ resource, done: rows.length, total: Math.min(total, EXPORT_MAX_ROWS) }));
        if (answer.content.length === 0 || rows.length >= total || rows.length >= EXPORT_MAX_ROWS) break;
      }
    }
    const kept = rows.slice(0, EXPORT_MAX_ROWS);
    yield call(downloadText, fileName, toCsv(decl, columns, kept), 'text/csv;charset=utf-8');
    yield put(ev.exportFinished({ resource, rows: kept.length, truncated: total > kept.length }));
  } catch (e) {
    yield put(ev.exportFailed({ resource, error: toUserMessage(e) }));
  }
}

/** Too many rows to page here: the server exports them in a background job (async_operations screen). */
function* exportAsJob(resource: string, list: CallDef, body: unknown): Saga {
  const { page: _page, page_size: _size, ...filters } = body as Record<string, unknown>;
  const fx = yield* effects();
  yield* apiCall(asyncOperationsExport, { path: list.path, filters: filters as RequestOf<typeof asyncOperationsExport>['filters'] });
  fx.toast(keyMessage('resource.export.job_started', { threshold: EXPORT_JOB_THRESHOLD }), 'primary');
  yield put(ev.exportCancelled({ resource }));
}

/** An export runs until it ends or the user cancels it (same resource). */
export function* exportUntilCancelled(action: Named<{ columns: readonly ExportColumn[]; fileName: string }>): Saga {
  const resource = action.payload.resource;
  yield race({
    done: call(exportFlow, action),
    cancelled: take((a: { type: string; payload?: { resource?: string } }) => a.type === ev.exportCancelled.type && a.payload?.resource === resource),
  });
}
