import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { closeAgents, createFuzzEnv, families, fuzzCall, type FuzzEnv } from '../../harness/robustness/fuzz-runner.ts';

/**
 * R1: every registered call, 100 generated cases each (fixed seed), valid and hostile, derived from its zod
 * request schema and sent through real HTTP as a caller the registry allows; one server per family of calls.
 * `npm run fuzz` runs more. The families are dealt to FUZZ_PARTS test files (fuzz-calls-<n>.test.ts), so the
 * workers share the run: each family goes to the part with the fewest calls so far, in name order.
 */
export const RUNS = 100;
export const SEED = 20260101;
export const FUZZ_PARTS = 4;

/** The families of part `part` (1-based) of FUZZ_PARTS. */
export function familiesOfPart(part: number): [string, CallDef[]][] {
  const load = Array.from({ length: FUZZ_PARTS }, () => 0);
  const out: [string, CallDef[]][] = [];
  for (const [family, group] of [...families(calls as readonly CallDef[])].sort((a, b) => a[0].localeCompare(b[0]))) {
    const lightest = load.indexOf(Math.min(...load));
    load[lightest] += group.length;
    if (lightest === part - 1) out.push([family, group]);
  }
  return out;
}

/** The fuzz tests of one part: a describe block per family, a test per call. */
export function fuzzPart(part: number): void {
  afterAll(closeAgents);
  for (const [family, group] of familiesOfPart(part)) {
    describe(`fuzz ${family}/`, () => {
      let env: FuzzEnv;
      beforeAll(async () => {
        env = await createFuzzEnv();
      });
      afterAll(() => env.server.close());

      for (const call of group) {
        it(`${call.path}: ${RUNS} cases answer a 2xx/4xx envelope, 2xx data fits the contract, refusals change nothing`, async () => {
          const stats = await fuzzCall(env, call, { runs: RUNS, seed: SEED });
          expect(stats.cases).toBe(RUNS);
          expect(stats.failures).toEqual([]);
          expect(stats.s5xx + stats.other).toBe(0);
          // Hostile cases exist and are refused; the mix is not all one kind.
          expect(stats.s4xx).toBeGreaterThan(RUNS / 5);
          expect(Object.keys(stats.kinds).length).toBeGreaterThanOrEqual(3);
        }, 60_000);
      }
    });
  }
}
