import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { failureBody } from '../helpers/qr.ts';
import { calls, type CallDef } from '../../contracts/index.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { Plain, validBody } from '../../harness/robustness/derive.ts';
import { closeAgents, createFuzzEnv, families, send } from '../../harness/robustness/fuzz-runner.ts';
import { familiesOfPart, FUZZ_PARTS, SEED } from './fuzz-calls.ts';

/**
 * R1's parts that are not one call's fuzz (those are in fuzz-calls-<n>.test.ts, fuzz-calls.ts): the schema
 * deriver makes bodies each call's own schema accepts, and the request size limit.
 */
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

describe('the fuzz parts', () => {
  it('hold every family of calls exactly once', () => {
    const dealt = Array.from({ length: FUZZ_PARTS }, (_, i) => familiesOfPart(i + 1).map(([family]) => family)).flat();
    expect(dealt.sort()).toEqual([...families(registered).keys()].sort());
    for (let part = 1; part <= FUZZ_PARTS; part++) expect(familiesOfPart(part).length).toBeGreaterThan(0);
  });
});

describe('request size limit', () => {
  const { t } = useApiServer();

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
