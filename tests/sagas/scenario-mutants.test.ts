import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Task } from 'redux-saga';
import { all, call, cancel, delay, fork, put, race, take, takeEvery } from 'redux-saga/effects';
import { describe, expect, it } from 'vitest';
import { FrameType, REALTIME_TUNING } from '../../contracts/index.ts';
import { scenario } from '../../contracts/scenario.ts';
import { pollOnce, watchMessagePolling } from '../../client/features/messages/sagas/message-polling-sagas.ts';
import { paidFrameFlow } from '../../client/features/vip/sagas/payment-sagas.ts';
import { shieldNoticeFlow } from '../../client/features/shield/sagas/shield-sagas.ts';
import { defaultRealtimeOptions, realtimeFlow, type RealtimeOptions } from '../../client/features/realtime/sagas/realtime-sagas.ts';
import { LOAD_TRIGGERS, watchLoads } from '../../client/resources/sagas/resource-sagas.ts';
import { resourceEvents } from '../../client/resources/resource-slice.ts';
import { realtimeEvents } from '../../client/state/realtime-events.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { SESSION_ENDED, SESSION_STARTED } from '../../client/state/session-slice.ts';
import { playScenario, ScenarioFailure, type PlayOptions, type WatcherName } from '../scenarios/harness.ts';

/**
 * Mutation checks of the QA replay suite (tests/scenarios): each scenario below must FAIL when the rule it
 * stands for is broken in the saga: an option of the real-time saga moved off its value, a watcher's memory
 * of told events removed, or a whole watcher gone. A scenario that still passed would be proving nothing, and a
 * faster runner must not get there by seeing less. Each case first plays the scenario as it is (it passes).
 */
const dir = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const load = (name: string) => scenario.parse(JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8')));

const frameOfType = (type: number) => (a: { type: string; payload?: unknown }) =>
  realtimeEvents.frameReceived.match(a) && a.payload.type === type;
/** A memory that never remembers: every event looks new. */
class Forgetful<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}
class ForgetfulSet<T> extends Set<T> {
  override add(): this {
    return this;
  }
}
const nothing = function* (): Saga {};

/**
 * The polling loop as it once was: it takes pushes only while it waits (one arriving during a poll is lost) and
 * polls alike for a tick and a push (a pushed message looks like one the poll found).
 */
const pollingAsBefore = () =>
  watchMessagePolling(function* (): Saga {
    for (;;) {
      yield race({ tick: delay(REALTIME_TUNING.messagePollIntervalMs), pushed: take(frameOfType(FrameType.values.message)) });
      yield* pollOnce();
    }
  });

/** The real-time watcher as it was before the notice's Reconnect: a connection that stopped stays stopped. */
function* watchRealtimeWithoutReconnect(options: Partial<RealtimeOptions>): Saga {
  let task: Task | null = null;
  for (;;) {
    const action = (yield take([...SESSION_STARTED, ...SESSION_ENDED])) as { type: string; payload?: { token: string; realtime_key?: string } };
    if (task?.isRunning()) {
      yield cancel(task);
      yield put(realtimeEvents.stopped());
    }
    const session = SESSION_STARTED.includes(action.type) ? action.payload : undefined;
    task = session?.realtime_key ? ((yield fork(realtimeFlow, session.token, session.realtime_key, { ...defaultRealtimeOptions, ...options })) as Task) : null;
  }
}

const mutants: { rule: string; scenario: string; options: PlayOptions }[] = [
  { rule: 'reconnect failures tolerated: 21 instead of 20', scenario: 'realtime-failures-1-to-20-reconnect-21st-does-not', options: { realtime: { maxFailures: 21 } } },
  { rule: 'ping every 5,001 ms instead of 5,000', scenario: 'realtime-ping-cadence-one-hour', options: { realtime: { pingIntervalMs: 5_001 } } },
  { rule: 'backoff cap 29,000 ms instead of 30,000', scenario: 'realtime-backoff-upper-bound', options: { realtime: { backoffCapMs: 29_000 } } },
  { rule: 'connect timeout 11 s instead of 10', scenario: 'realtime-connect-timeout', options: { realtime: { connectTimeoutMs: 11_000 } } },
  { rule: 'login acknowledgement timeout 11 s instead of 10', scenario: 'realtime-login-ack-timeout', options: { realtime: { loginAckTimeoutMs: 11_000 } } },
  {
    rule: 'a paid order (frame 22) told again when its frame comes twice',
    scenario: 'payment-duplicated-frame-toasts-once',
    options: { watchers: { payments: function* (): Saga { yield takeEvery(frameOfType(FrameType.values.payment), paidFrameFlow, new ForgetfulSet<number>()); } } },
  },
  {
    rule: 'a domain status (frame 24) told again when its frame comes twice',
    scenario: 'shield-duplicated-frame-toasts-once',
    options: { watchers: { shield: function* (): Saga { yield takeEvery(frameOfType(FrameType.values.shield_status), shieldNoticeFlow, new Forgetful<number, number>()); } } },
  },
  {
    rule: 'the told domain statuses kept across a reconnect',
    scenario: 'shield-duplicated-frame-toasts-once',
    options: { watchers: { shield: function* (): Saga { yield all([takeEvery(frameOfType(FrameType.values.shield_status), shieldNoticeFlow, new Map<number, number>())]); } } },
  },
  {
    rule: 'a message pushed while a poll is on its way is dropped (the loop takes pushes only while it waits)',
    scenario: 'polling-push-during-poll-polls-again',
    options: {
      watchers: {
        polling: pollingAsBefore,
      },
    },
  },
  { rule: 'heartbeat timeout 12,001 ms instead of 12,000', scenario: 'realtime-heartbeat-missing-replies-reconnect', options: { realtime: { heartbeatTimeoutMs: 12_001 } } },
  { rule: 'no heartbeat timeout (a silent server looks online for ever)', scenario: 'realtime-heartbeat-missing-replies-reconnect', options: { realtime: { heartbeatTimeoutMs: 3_600_000 } } },
  { rule: 'heartbeat timeout under two ping intervals (one lost reply reconnects)', scenario: 'realtime-heartbeat-one-lost-reply-tolerated', options: { realtime: { heartbeatTimeoutMs: 9_999 } } },
  { rule: 'Reconnect after a deliberate close does nothing', scenario: 'realtime-close-3001-says-why-and-reconnects-on-request', options: { realtimeWatcher: watchRealtimeWithoutReconnect } },
  {
    rule: 'a pushed message shown like one the poll found (the red of an error)',
    scenario: 'polling-pushed-message-reads-as-news',
    options: {
      watchers: {
        polling: pollingAsBefore,
      },
    },
  },
  {
    rule: 'Search loads only when the filters changed (a Search after a failed load sends nothing)',
    scenario: 'resources-search-after-failed-load-fetches-again',
    options: {
      watchers: {
        resources: function* (): Saga {
          yield call(watchLoads, (a: { type: string }) => LOAD_TRIGGERS.includes(a.type) && a.type !== resourceEvents.searched.type);
        },
      },
    },
  },
];

/** Each watcher, removed, fails at least the scenario named for it (no area is covered by nothing). */
const WITHOUT: Record<WatcherName, string> = {
  connectivity: 'connectivity-ping-every-10s',
  polling: 'polling-shows-message-and-marks-it-read-once',
  share: 'share-figures-update',
  jobs: 'jobs-progress-frames-and-end-toast',
  shield: 'shield-blocked-domain-push',
  payments: 'payment-paid-frame-toast',
  live: 'live-statistics-connect-and-burst',
  menu: 'menu-refresh-frame-reloads-the-menu-tree',
  resources: 'resources-search-after-failed-load-fetches-again',
  balance: 'balance-frame-updates-the-balance',
};
for (const [watcher, name] of Object.entries(WITHOUT)) {
  mutants.push({ rule: `no ${watcher} saga`, scenario: name, options: { watchers: { [watcher]: nothing } } });
}

describe('scenario mutants: each scenario fails when its rule is broken', () => {
  for (const m of mutants) {
    it(`${m.scenario} — ${m.rule}`, async () => {
      const sc = load(m.scenario);
      await playScenario(sc);
      const broken = await playScenario(sc, m.options).then(
        () => null,
        (e: unknown) => e,
      );
      expect(broken, 'the scenario passed with its rule broken').toBeInstanceOf(ScenarioFailure);
    });
  }
});
