import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Effects, MediaPreference } from '../../client/io/effects/browser-effects.ts';
import { ApiError } from '../../client/io/errors.ts';
import { reducers } from '../../client/app/reducers.ts';
import { liveEvents, liveSlice } from '../../client/features/statistics/live-slice.ts';
import { liveFigures } from '../../client/features/statistics/live-figures.ts';
import { LIVE_RETRY_MS, watchLiveStatistics } from '../../client/features/statistics/sagas/live-sagas.ts';
import { realtimeEvents } from '../../client/state/realtime-events.ts';
import type { LiveSnapshot } from '../../contracts/index.ts';

/**
 * The real live-statistics saga in a real store on vitest's virtual clock, over a fake effect layer: the window
 * moves once a second on the server's clock, a failed snapshot is tried again after exactly LIVE_RETRY_MS,
 * hiding the tab unsubscribes, leaving the screen unsubscribes and stops the clock.
 */
const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const SERVER_AHEAD_MS = 7000; // the server's clock runs 7 s ahead of the browser's

function harness(answers: (path: string) => unknown) {
  const calls: string[] = [];
  let visible = true;
  const listeners = new Set<(v: boolean) => void>();
  const pageVisible: MediaPreference = { matches: () => visible, subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)) };
  const effects = {
    callApi: async (call: { path: string }) => {
      calls.push(call.path);
      const a = answers(call.path);
      if (a instanceof Error) throw a;
      return a;
    },
    now: () => Date.now(),
    pageVisible,
  } as unknown as Effects;
  const saga = createSagaMiddleware({ context: { effects } });
  const store = configureStore({
    reducer: combineReducers({ ...reducers, liveStatistics: liveSlice.reducer }),
    middleware: (d) => d({ thunk: false, serializableCheck: false }).concat(saga),
  });
  saga.run(watchLiveStatistics);
  const setVisible = (v: boolean) => {
    visible = v;
    for (const l of [...listeners]) l(v);
  };
  return { store, calls, setVisible, live: () => store.getState().liveStatistics };
}

const snapshot = (): LiveSnapshot => ({
  now_ms: Date.now() + SERVER_AHEAD_MS,
  window_seconds: 3600,
  utc_offset_minutes: 480,
  seconds: [{ second: Math.floor((T0 + SERVER_AHEAD_MS) / 1000) - 30, view_number: 4 }],
  visits: [],
});

beforeEach(() => void vi.useFakeTimers({ now: T0 }));
afterEach(() => void vi.useRealTimers());

describe('live statistics saga', () => {
  it('rolls the window once a second on the server clock and stops when the screen is left', async () => {
    const h = harness((p) => (p === 'statistics/real_time' ? snapshot() : { unsubscribed: true }));
    h.store.dispatch(liveEvents.opened({ userId: null }));
    await vi.advanceTimersByTimeAsync(0);
    const start = Math.floor((T0 + SERVER_AHEAD_MS) / 1000);
    expect(h.live()).toMatchObject({ status: 'live', nowSecond: start, offsetMs: SERVER_AHEAD_MS });
    await vi.advanceTimersByTimeAsync(4999);
    expect(h.live().nowSecond).toBe(start + 4);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.live().nowSecond).toBe(start + 5);
    // The per-second chart ends at the server's second, labelled in the server's zone (UTC+8).
    const f = liveFigures(h.live());
    expect(f.perSecond).toHaveLength(300);
    expect(f.perSecond.at(-1)!.label).toBe('08:00:12');
    expect(f.perSecond.at(-36)!.n).toBe(4);
    expect(f.perMinute).toHaveLength(60);
    expect(f.lastHour).toBe(4);
    h.store.dispatch(liveEvents.left());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.calls).toEqual(['statistics/real_time', 'statistics/real_time_unsubscribe']);
    expect(h.live()).toMatchObject({ status: 'idle', nowSecond: 0 });
  });

  it('tries a failed snapshot again after exactly LIVE_RETRY_MS; a hidden tab unsubscribes and a shown one reads again', async () => {
    let fail = true;
    const h = harness((p) => (p === 'statistics/real_time' ? (fail ? new ApiError(p, 0, '') : snapshot()) : { unsubscribed: true }));
    h.store.dispatch(liveEvents.opened({ userId: 7 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.live().status).toBe('failed');
    fail = false;
    await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 1);
    expect(h.calls).toEqual(['statistics/real_time']);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toEqual(['statistics/real_time', 'statistics/real_time']);
    expect(h.live()).toMatchObject({ status: 'live', userId: 7 });
    h.setVisible(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.calls.slice(2)).toEqual(['statistics/real_time_unsubscribe']);
    expect(h.live().status).toBe('paused');
    // A re-login of the socket while hidden reads nothing; showing the tab reads once.
    h.store.dispatch(realtimeEvents.loginAcknowledged());
    h.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.calls.slice(3)).toEqual(['statistics/real_time']);
    expect(h.live().status).toBe('live');
  });
});
