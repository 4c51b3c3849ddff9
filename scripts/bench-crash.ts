import { parseArgs } from 'node:util';
import { runCrashRounds } from '../harness/robustness/crash.ts';

/**
 * `npm run bench:crash -- [--kills N] [--seed S]`: N rounds of start → seven HTTP writers → SIGKILL at a random
 * moment → check the SQLite file (acknowledged writes present, integrity_check ok, counters = raw rows, balances = sum of bills).
 */
const { values } = parseArgs({ options: { kills: { type: 'string', default: '200' }, seed: { type: 'string', default: '20260101' } } });
const kills = Number(values.kills);
const seed = Number(values.seed);
if (!Number.isInteger(kills) || kills < 1 || !Number.isInteger(seed)) throw new Error('--kills and --seed take integers');

const report = await runCrashRounds({
  kills,
  seed,
  onRound: (round, v) => {
    if (round % 10 === 0 || v.integrity !== 'ok' || v.lost.length || v.counters.length) {
      process.stderr.write(`round ${round}: integrity ${v.integrity}, lost ${v.lost.length}, counter problems ${v.counters.length}\n`);
    }
  },
});
console.log(`crash durability: ${report.kills} SIGKILLs, seed ${seed}, ${(report.totalMs / 1000).toFixed(1)} s (WAL, synchronous=NORMAL)`);
console.table([
  { write: 'registrations (admin/register)', acknowledged: report.acked.registrations },
  { write: 'url_key_platform/add', acknowledged: report.acked.platforms },
  { write: 'pay_config/update', acknowledged: report.acked.payUpdates },
  { write: 'QR visits (GET /v/…)', acknowledged: report.acked.visits },
  { write: 'balance changes (user/change_balance)', acknowledged: report.acked.balanceChanges },
  { write: 'purchases and chain payments (vip_combo/buy + chain/send)', acknowledged: report.acked.payments },
  { write: 'stray transfers for review + replayed events (chain/send, chain/replay)', acknowledged: report.acked.strays },
  { write: 'withdrawal requests (withdrawal/add)', acknowledged: report.acked.withdrawals.requested },
  { write: 'withdrawal approvals, paid on chain (withdrawal/approve)', acknowledged: report.acked.withdrawals.approved },
  { write: 'withdrawal rejections, reserve returned (withdrawal/reject)', acknowledged: report.acked.withdrawals.rejected },
]);
console.table([
  { check: 'acknowledged writes lost', result: report.lost.length },
  { check: 'integrity_check not ok', result: report.integrityFailures.length },
  { check: 'counters ≠ raw rows, balances ≠ sum of bills', result: report.counterProblems.length },
  { check: 'unacknowledged writes that landed anyway (all rounds)', result: report.unackedPresent },
  { check: 'restart to ready, median ms', result: Math.round(report.restartMsMedian) },
  { check: 'restart to ready, max ms', result: Math.round(report.restartMsMax) },
]);
for (const line of [...report.integrityFailures, ...report.lost, ...report.counterProblems].slice(0, 30)) console.log(`BROKEN ${line}`);
process.exit(report.lost.length || report.integrityFailures.length || report.counterProblems.length ? 1 : 0);
