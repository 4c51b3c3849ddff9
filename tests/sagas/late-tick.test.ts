import { runSaga, stdChannel } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_TUNING } from '../../contracts/index.ts';
import { createRecorder } from '../../client/features/debug/effects/recorder.ts';
import { timelineSteps } from '../../client/features/debug/export-scenario.ts';
import { pollLoop } from '../../client/features/messages/sagas/message-polling-sagas.ts';
import { appStarted, routeChanged } from '../../client/state/app-events.ts';
import { fakeEffects } from '../client/helpers/fake-effects.ts';

/**
 * A live timer may fire late: on a busy machine the message poll due at 10 s runs after an event that came in at
 * 10.005 s. The replay's virtual clock fires it at 10 s, before that event, so the recording must place the
 * poll there too (the loop tells when its tick was due: `app/loopTicked`), or the export's counts between events
 * differ from its replay.
 */
describe('a polling loop whose timer fired late', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is recorded at the instant its tick was due, before the event that arrived meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 0;
    const fake = fakeEffects({ 'message/inquire': () => ({ content: [], total: 0 }) });
    const recorder = createRecorder({ ...fake.effects, now: () => clock });
    const channel = stdChannel();
    const dispatch = (a: UnknownAction) => {
      recorder.onAction(a);
      channel.put(a);
      return a;
    };
    const state = { session: { token: 'token', userInfo: null }, ui: { language: 'en' } };
    dispatch(appStarted());
    const task = runSaga({ channel, dispatch, getState: () => state, context: { effects: recorder.effects } }, pollLoop);
    const due = REALTIME_TUNING.messagePollIntervalMs;

    await Promise.resolve(); // a new synchronous turn: the recorder reads the clock again
    clock = due + 5;
    dispatch(routeChanged({ pathname: '/customer/qr_list', search: '' }));
    await Promise.resolve();
    clock = due + 10;
    await vi.advanceTimersByTimeAsync(due);
    task.cancel();

    const order = recorder.events().map((e) => ('input' in e ? JSON.stringify(e.input) : e.output));
    expect(order).toEqual(['{"start":true}', 'call:message/inquire', '{"route":"/customer/qr_list"}', '{"answer":"message/inquire"}']);
    expect(recorder.events()[1]!.t).toBe(due);
    // The export counts the poll between the start and the route change, where its replay makes it.
    const steps = timelineSteps(recorder.events(), 0, clock, true).filter((s) => !('http' in s));
    expect(steps.slice(0, 4)).toEqual([{ expect: { counts: {} } }, { start: true }, { advanceTo: due + 5 }, { expect: { counts: { 'call:message/inquire': 1 } } }]);
  });
});
