import { describe, expect, it } from 'vitest';
import { runCrashRounds } from '../../harness/robustness/crash.ts';

/**
 * R3: the mock server as a child process on a temporary SQLite file (WAL, synchronous=NORMAL), five writers
 * through the real HTTP path, SIGKILL at a random moment, 20 times. `npm run bench:crash -- --kills 200`
 * runs the long version.
 */
describe('crash durability', () => {
  it('keeps every acknowledged write through 20 SIGKILLs, with an intact file, consistent counters and balance = sum of bills', async () => {
    const report = await runCrashRounds({ kills: 20, seed: 20260101 });
    expect(report.kills).toBe(20);
    expect(report.integrityFailures).toEqual([]);
    expect(report.lost).toEqual([]);
    expect(report.counterProblems).toEqual([]);
    // Every kind of write was acknowledged many times, so the checks above had something to find.
    expect(report.acked.registrations).toBeGreaterThan(20);
    expect(report.acked.platforms).toBeGreaterThan(20);
    expect(report.acked.payUpdates).toBeGreaterThan(20);
    expect(report.acked.visits).toBeGreaterThan(20);
    expect(report.acked.balanceChanges).toBeGreaterThan(20);
    expect(report.acked.payments).toBeGreaterThan(20);
    expect(report.acked.withdrawals.requested).toBeGreaterThan(5); // every round waits for one withdrawal step
    expect(report.acked.withdrawals.approved + report.acked.withdrawals.rejected).toBeGreaterThan(5);
  }, 180_000);
});
