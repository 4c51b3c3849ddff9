import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, OWNED_LISTS, OWNED_REFS, type CallDef } from '../../contracts/index.ts';
import { closeAgents, createFuzzEnv, type FuzzEnv } from '../../harness/robustness/fuzz-runner.ts';
import { describeList, type Customer } from '../../harness/robustness/owned-rows.ts';
import { checkList, checkRef, customers, prepareOwnerRows, staleDeclarations, undeclaredIdFields } from '../../harness/robustness/owner.ts';

/**
 * R2 owner checks: a customer never reads or changes another customer's rows. Every entry of
 * contracts/ownership.ts is exercised with the seeded pair customer01 / customer02.
 */
const registered = calls as readonly CallDef[];

describe('ownership declaration', () => {
  it('covers every id-like field of every call a customer may make', () => {
    expect(undeclaredIdFields(registered), 'declare these in contracts/ownership.ts (OWNED_REFS or NOT_OWNED_FIELDS)').toEqual([]);
  });
  it('names only registered calls and fields they have', () => {
    expect(staleDeclarations()).toEqual([]);
  });
});

describe('owner checks (customer02 against customer01’s rows)', () => {
  let env: FuzzEnv;
  let c1: Customer;
  let c2: Customer;

  beforeAll(async () => {
    env = await createFuzzEnv();
    ({ c1, c2 } = customers(env.server));
    await prepareOwnerRows(env.server, c1);
  });
  afterAll(async () => {
    await env.server.close();
    closeAgents();
  });

  for (const list of OWNED_LISTS) {
    it(`list ${describeList(list)} shows customer02 none of customer01’s rows`, async () => {
      expect(await checkList(env.server, list, { c1, c2 })).toEqual([]);
    });
  }

  for (const [path, refs] of Object.entries(OWNED_REFS)) {
    for (const [field, ref] of Object.entries(refs ?? {})) {
      it(`${path}: ${field} naming customer01’s row is refused or shows nothing, and changes nothing`, async () => {
        const call = registered.find((c) => c.path === path)!;
        const r = await checkRef(env, call, field, ref, { c1, c2 });
        expect(r.problems).toEqual([]);
        expect(r.attempts).toBeGreaterThan(0);
      });
    }
  }
});
