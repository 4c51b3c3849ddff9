import { afterAll, describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { authzMatrix, fits } from '../../harness/robustness/authz.ts';
import { closeAgents } from '../../harness/robustness/fuzz-runner.ts';
import { callerFor, expectedOutcome, IDENTITIES, roleHolds } from '../../harness/robustness/identities.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * R2: the whole authorization matrix. For every registered call and every identity (anonymous, customer,
 * agent, administrator, super administrator, a disabled user, an expired token) the answer follows from the
 * call's access declaration and the seeded menu tree. `npm run audit:authz` prints it.
 */
const registered = calls as readonly CallDef[];

describe('authorization matrix', () => {
  afterAll(closeAgents);
  const { t } = useApiServer();

  it('every call × identity answers as its access declaration says', async () => {
    const cells = await authzMatrix(t, registered);
    expect(cells).toHaveLength(registered.length * IDENTITIES.length);
    const broken = cells.filter((c) => !c.ok).map((c) => `${c.call} as ${c.identity}: expected ${c.expected}, got ${c.status}`);
    expect(broken).toEqual([]);
    // The matrix is not trivial: it holds refusals of both kinds and allowed cells.
    expect(cells.some((c) => c.expected === 403)).toBe(true);
    expect(cells.some((c) => c.expected === 401)).toBe(true);
    expect(cells.filter((c) => c.expected === 'allowed').length).toBeGreaterThan(registered.length);
  }, 60_000);

  it('every permission-guarded call is reachable by some seeded role', () => {
    for (const call of registered) expect(() => callerFor(call), call.path).not.toThrow();
  });

  it('derives expectations from the declaration', () => {
    expect(expectedOutcome({ kind: 'public' }, 'expired')).toBe('allowed');
    expect(expectedOutcome({ kind: 'user' }, 'anonymous')).toBe(401);
    expect(expectedOutcome({ kind: 'user' }, 'disabled')).toBe(401);
    expect(expectedOutcome({ kind: 'user' }, 'customer')).toBe('allowed');
    expect(expectedOutcome({ kind: 'permission', route: 'pay_config', button: 'update' }, 'customer')).toBe(403);
    expect(expectedOutcome({ kind: 'permission', route: 'pay_config', button: 'update' }, 'admin')).toBe('allowed');
    expect(expectedOutcome({ kind: 'permission', route: 'role' }, 'admin')).toBe(403);
    expect(expectedOutcome({ kind: 'permission', route: 'role' }, 'super')).toBe('allowed');
    expect(roleHolds('agent', { kind: 'permission', route: 'agent_divided_into' })).toBe(true);
    expect(roleHolds('customer', { kind: 'permission', route: 'agent_divided_into' })).toBe(false);
    expect(fits('allowed', 400)).toBe(true);
    expect(fits('allowed', 403)).toBe(false);
    expect(fits('allowed', 500)).toBe(false);
    expect(fits(401, 403)).toBe(false);
  });
});
