import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureBody } from '../helpers/qr.ts';
import { calls, type CallDef } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { Plain, validBody } from '../../harness/robustness/derive.ts';
import { closeAgents, createFuzzEnv, families, fuzzCall, send, type FuzzEnv } from '../../harness/robustness/fuzz-runner.ts';

/**
 * R1: every registered call, 100 generated cases each (fixed seed), valid and hostile, derived from its zod
 * request schema and sent through real HTTP as a caller the registry allows. `npm run fuzz` runs more.
 */
const RUNS = 100;
const SEED = 20260101;
const registered = calls as readonly CallDef[];
afterAll(closeAgents);

describe('the schema deriver', () => {
  it('makes request bodies that every call’s own schema accepts', async () => {
    const env = await createFuzzEnv();
    try {
      for (const call of registered) {
        const bodies = fc.sample(validBody(call.request, call.encryptedFields ?? [], env.ctx), { numRuns: 30, seed: SEED });
        for (const body of bodies) {
          // Encrypted fields travel as Plain until sent; the server validates the ciphertext string.
          const wire = JSON.parse(JSON.stringify(body, (_k, v: unknown) => (v instanceof Plain ? 'cipher' : v))) as unknown;
          const parsed = call.request.safeParse(wire);
          expect(parsed.success, `${call.path}: ${JSON.stringify(wire)} ${parsed.error?.issues[0]?.message ?? ''}`).toBe(true);
        }
      }
    } finally {
      await env.server.close();
    }
  });
});

for (const [family, group] of families(registered)) {
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

describe('request size limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('answers 413 in the envelope for a body over 1 MB, on every call, and changes nothing', async () => {
    const big = JSON.stringify({ value: 10, pad: 'x'.repeat(1024 * 1024) });
    for (const path of ['ping', 'admin/register', registered[registered.length - 1]!.path]) {
      const sent = await send(t.url, path, big);
      expect(sent.status, path).toBe(413);
      expect(JSON.parse(sent.text)).toEqual(failureBody(/\S/));
    }
    const justUnder = await send(t.url, 'ping', JSON.stringify({ value: 10, pad: 'x'.repeat(1024 * 1024 - 100) }));
    expect(justUnder.status).toBe(400); // under the limit: parsed, then refused by the strict schema
    expect((await send(t.url, 'ping', '{"value":10}')).status).toBe(200);
  });
});
