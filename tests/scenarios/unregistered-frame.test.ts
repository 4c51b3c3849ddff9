import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scenario, type Scenario } from '../../contracts/scenario.ts';
import { playScenario, ScenarioFailure } from './harness.ts';

/**
 * The runner holds scenarios to the frame registry: a frame type nobody registered fails loudly, unless the step
 * says it is one on purpose (spec §4: the console passes any other type on), and that mark on a registered type
 * fails too.
 */
const file = fileURLToPath(new URL('../../fixtures/scenarios/realtime-frame-other-type-passed-on.json', import.meta.url));
const base = () => scenario.parse(JSON.parse(readFileSync(file, 'utf8')));

/** The scenario with its type-42 step rewritten by `change`. */
function withFrame42(change: (frame: Record<string, unknown>) => void): Scenario {
  const sc = base();
  for (const step of sc.steps) if ('socket' in step && 'frame' in step.socket && step.socket.frame.type === 42) change(step.socket.frame as Record<string, unknown>);
  return sc;
}

describe('scenario runner: frames outside the registry', () => {
  it('plays an unregistered type marked as such (it is passed on)', async () => {
    await expect(playScenario(base())).resolves.toBeDefined();
  });

  it('fails on an unregistered type the step does not mark', async () => {
    const sc = withFrame42((f) => delete f.unregistered);
    await expect(playScenario(sc)).rejects.toThrow(ScenarioFailure);
    await expect(playScenario(sc)).rejects.toThrow(/frame type 42 \(server → client\) is not registered.*"unregistered": true/);
  });

  it('fails on a registered type marked unregistered', async () => {
    const sc = withFrame42((f) => void (f.type = 25));
    await expect(playScenario(sc)).rejects.toThrow(/frame type 25 is registered \(balance\): drop "unregistered"/);
  });
});
