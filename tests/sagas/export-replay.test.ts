import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scenario as scenarioSchema } from '../../contracts/scenario.ts';
import type { Saga } from '../../client/state/sagas/call.ts';
import { effectsScenario } from '../../cockpit/keep/journal-scenario.ts';
import { playScenario, ScenarioFailure } from '../scenarios/harness.ts';
import { exportScenario } from '../../client/features/debug/export-scenario.ts';
import { routeChanged } from '../../client/state/app-events.ts';
import { recordLiveSession, startLiveConsole } from './live-session.ts';

/**
 * The debug export end to end: a live session recorded by the dev recorder, exported, validated by the
 * scenario schema and replayed by the QA runner against the real sagas on the virtual clock. With
 * RECORD_SCENARIO=<path> the export is also written there (how fixtures/scenarios/exported-dev-session.json
 * was made).
 */
describe('debug export → replay', () => {
  it('replays a recorded live session with the same effects', async () => {
    const recorded = await recordLiveSession();
    const { scenario, toasts, messageRead } = recorded;
    if (process.env.RECORD_SCENARIO) writeFileSync(process.env.RECORD_SCENARIO, JSON.stringify(scenario, null, 2) + '\n');

    // The live run did what it should.
    expect(toasts).toContain('success:Saved');
    expect(messageRead).toBe(true);

    // The export holds the inputs of that run …
    const parsed = scenarioSchema.parse(scenario);
    const steps = JSON.stringify(parsed.steps);
    expect(parsed.source).toBe('export');
    for (const fragment of ['{"login":{"via":"login"}}', '{"socket":{"close":4010}}', '"type":5', '"type":42', '{"dispatch":{"type":"messages/noticeDismissed"}}', '"path":"message/update_notify_status"']) {
      expect(steps).toContain(fragment);
    }
    // … and strict expectations: the connects, frames, calls and the toast between the events.
    const expected = parsed.steps.flatMap((s) => ('expect' in s ? Object.entries(s.expect.counts ?? {}) : []));
    const total = (key: string) => expected.filter(([k]) => k === key).reduce((n, [, c]) => n + c, 0);
    expect(total('connect')).toBe(2);
    expect(total('frame:login')).toBe(2);
    expect(total('call:message/update_notify_status')).toBe(1);
    expect(total('toast:success')).toBe(1);

    // The runner replays it: every count between events matches.
    await playScenario(parsed);

    // The same session as the QA cockpit saves it from the mock's journal (the recorder's events sent by the
    // Debug shipping saga over HTTP): the export's layout, the same answers and draws, and it replays too …
    const saved = effectsScenario(recorded.journal, 'customer01', 'cockpit: the live session');
    if (!('scenario' in saved)) throw new Error(`no effects scenario: ${saved.why} ${saved.detail ?? ''}`);
    expect(saved.scenario.config).toEqual(parsed.config);
    // Up to the export's last step (the export ends at its own moment, the saved span at its last effect).
    const upTo = (steps: readonly unknown[]) => steps.slice(0, -2).map((s) => JSON.stringify(s));
    expect(upTo(saved.scenario.steps)).toEqual(upTo(parsed.steps).slice(0, saved.scenario.steps.length - 2));
    await playScenario(scenarioSchema.parse(saved.scenario));
    // … and fails when its rule is broken: no message poll, so no message read.
    const nothing = function* (): Saga {};
    await expect(playScenario(scenarioSchema.parse(saved.scenario), { watchers: { polling: () => nothing() } })).rejects.toThrow(ScenarioFailure);
  }, 180_000);

  it('counts a frame where the console decided to send it, whatever arrives during its encryption', async () => {
    // The login frame is encrypted asynchronously (WebCrypto) after the socket opens; a route change lands in
    // that gap, as an answer or a frame does on a busy machine. The replay encrypts before its next event, so
    // the export must count the frame between the open and the route change, or its replay fails.
    const live = await startLiveConsole();
    try {
      let opened = 0;
      live.recorder.listen((e) => {
        if ('input' in e && 'socket' in e.input && 'open' in e.input.socket && ++opened === 1) {
          queueMicrotask(() => live.store.dispatch(routeChanged({ pathname: '/customer/qr_list', search: '' })));
        }
      });
      await live.loginAs('customer01', 'Customer123');
      const scenario = scenarioSchema.parse(exportScenario(live.recorder, 15 * 60_000, 'a route change during the login frame'));
      const steps = scenario.steps.map((s) => JSON.stringify(s));
      const open = steps.indexOf('{"socket":{"open":true}}');
      const route = steps.indexOf('{"route":"/customer/qr_list"}');
      expect(route).toBeGreaterThan(open);
      expect(steps.slice(open + 1, route).filter((s) => s.startsWith('{"expect"'))).toEqual(['{"expect":{"counts":{"frame:login":1}}}']);
      await playScenario(scenario);
    } finally {
      await live.close();
    }
  }, 60_000);
});
