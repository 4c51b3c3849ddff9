import { configureStore } from '@reduxjs/toolkit';
import { runSaga, type Saga as ReduxSaga } from 'redux-saga';
import { describe, expect, it } from 'vitest';
import { EXPORT_JOB_THRESHOLD, FrameType, type Page, type UrlKeyPlatform } from '../../contracts/index.ts';
import { reducers } from '../../client/app/reducers.ts';
import { jobEndedFlow, jobFrameFlow } from '../../client/features/system/sagas/async-operations-sagas.ts';
import { urlKeyPlatformResource } from '../../client/features/qr-codes/screens/url-key-platform-screen.tsx';
import { resourceEvents, resourcesSlice } from '../../client/resources/resource-slice.ts';
import { exportFlow } from '../../client/resources/sagas/export-sagas.ts';
import { saveFlow } from '../../client/resources/sagas/resource-sagas.ts';
import { realtimeEvents } from '../../client/state/realtime-events.ts';
import { fakeEffects, type Routes } from './helpers/fake-effects.ts';

/**
 * The console's side of async operations, on the real sagas with a fake effect layer: a list export over the
 * threshold becomes a server job instead of paging; a call answering a job id says it started; type-20
 * frames reload the async_operations list only while it is on screen, and a finished job is a toast.
 */
async function run(routes: Routes, saga: ReduxSaga, arg: unknown, setup?: (dispatch: (a: unknown) => void) => void, path = '/customer/x') {
  const store = configureStore({ reducer: { ...reducers, resources: resourcesSlice.reducer } });
  setup?.((a) => store.dispatch(a as never));
  const fx = fakeEffects(routes);
  fx.effects.navigate(path);
  const dispatched: { type: string; payload?: unknown }[] = [];
  await runSaga(
    { context: { effects: fx.effects }, dispatch: (a: { type: string }) => void dispatched.push(a), getState: () => store.getState() },
    // Each flow takes its one action; runSaga's generic signature cannot see that through ReduxSaga.
    saga as (a: unknown) => Generator,
    arg,
  ).toPromise();
  return { ...fx, dispatched };
}

const platform = (i: number): UrlKeyPlatform => ({
  id: i, name: `p${i}`, url: 'https://p.example/', key: '', short_code_type: 4, show_status: 1, sort: 0, remark: '', create_time: '2026-01-01 00:00:00',
});
const page = (total: number): Page<UrlKeyPlatform> => ({ content: Array.from({ length: 200 }, (_, i) => platform(i + 1)), total });
const exportAction = resourceEvents.exportRequested({ resource: urlKeyPlatformResource.name, columns: [{ id: 'name', header: 'Name' }], fileName: 'x.csv' });

describe('exports over the threshold', () => {
  it('start a server job with the list filters instead of paging, and say so', async () => {
    const { calls, toasts, dispatched } = await run(
      { 'url_key_platform/inquire': () => page(EXPORT_JOB_THRESHOLD + 1), 'async_operations/export': () => ({ id: 9 }) },
      exportFlow as ReduxSaga,
      exportAction,
    );
    expect(calls.map((c) => c.path)).toEqual(['url_key_platform/inquire', 'async_operations/export']);
    expect(calls[1]!.body).toEqual({ path: 'url_key_platform/inquire', filters: {} });
    expect(toasts).toEqual([{ message: { key: 'resource.export.job_started', vars: { threshold: EXPORT_JOB_THRESHOLD } }, intent: 'primary' }]);
    expect(dispatched.map((a) => a.type)).toContain(resourceEvents.exportCancelled.type);
  });

  it('at the threshold the console still pages the list itself', async () => {
    // The download at the end needs a DOM (absent here): the saga reports that as a failed export.
    const { calls } = await run({ 'url_key_platform/inquire': () => page(EXPORT_JOB_THRESHOLD) }, exportFlow as ReduxSaga, exportAction);
    expect(calls.map((c) => c.path)).toEqual(Array.from({ length: EXPORT_JOB_THRESHOLD / 200 }, () => 'url_key_platform/inquire'));
  });
});

describe('a save answering a job id', () => {
  it('toasts "started in the background", not "success"', async () => {
    const { toasts } = await run(
      { 'url_key_platform/update': () => ({ updated: 0, job_id: 4 }) },
      saveFlow as ReduxSaga,
      resourceEvents.saveSubmitted({ resource: urlKeyPlatformResource.name, mode: 'update', body: { id: 1, name: 'x' } }),
    );
    expect(toasts).toEqual([{ message: { key: 'resource.job_started' }, intent: 'primary' }]);
  });
});

describe('type-20 frames', () => {
  const frame = (status: 1 | 2 | 3, message = '') =>
    realtimeEvents.frameReceived({ type: FrameType.values.job_progress, locale: 'en', token: '', seq: 1, ts: 0, data: { id: 1, type: 1, status, progress: 50, message, link: '' } });
  const opened = (dispatch: (a: unknown) => void) => dispatch(resourceEvents.opened({ resource: 'async_operations' }));

  it('reload the async_operations list while it is on screen', async () => {
    const { dispatched } = await run({}, jobFrameFlow as ReduxSaga, frame(1), opened, '/customer/async_operations');
    expect(dispatched).toEqual([resourceEvents.reloadRequested({ resource: 'async_operations' })]);
  });

  it('do nothing to a list that is not on screen', async () => {
    expect((await run({}, jobFrameFlow as ReduxSaga, frame(1), opened, '/customer/qr_code_list')).dispatched).toEqual([]);
    expect((await run({}, jobFrameFlow as ReduxSaga, frame(1), undefined, '/customer/async_operations')).dispatched).toEqual([]);
  });

  it('a finished job is a toast: success when completed, danger when abnormal, none while running', async () => {
    expect((await run({}, jobEndedFlow as ReduxSaga, frame(2, '3 rows exported'))).toasts).toEqual([{ message: { text: '3 rows exported' }, intent: 'success' }]);
    expect((await run({}, jobEndedFlow as ReduxSaga, frame(3, 'Interrupted'))).toasts).toEqual([{ message: { text: 'Interrupted' }, intent: 'danger' }]);
    expect((await run({}, jobEndedFlow as ReduxSaga, frame(1, 'half'))).toasts).toEqual([]);
  });
});
