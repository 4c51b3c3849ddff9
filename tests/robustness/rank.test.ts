import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAgents, createFuzzEnv, type FuzzEnv } from '../../harness/robustness/fuzz-runner.ts';
import { rankMatrix, RANK_TARGETS, targetCalls } from '../../harness/robustness/rank.ts';

/**
 * Issue 20, rank and self identities: every call declaring `target`, as each seeded caller holding it, on every
 * rank and on itself, through real HTTP. Refusals must be 403 with the rule's message; the rest pass the rule.
 */
describe('rank and self matrix', () => {
  let env: FuzzEnv;
  beforeAll(async () => {
    env = await createFuzzEnv();
  });
  afterAll(async () => {
    await env.server.close();
    closeAgents();
  });

  it('every declared call × caller × target answers as the decision table says', async () => {
    const cells = await rankMatrix(env.server, env.ctx);
    const broken = cells.filter((c) => !c.ok).map((c) => `${c.call} as ${c.caller} on ${c.target}: expected ${c.expected}, got ${c.status} ${c.message}`);
    expect(broken).toEqual([]);
    expect(cells.length).toBeGreaterThanOrEqual(targetCalls().length * RANK_TARGETS.length);
    expect(cells.filter((c) => c.expected === 403).length).toBeGreaterThan(20);
    expect(cells.filter((c) => c.expected === 'allowed').length).toBeGreaterThan(20);
    expect(env.logs.filter((l) => /Error/.test(l))).toEqual([]);
  }, 120_000);
});
