import type { Database } from 'better-sqlite3';
import { ledgerProblems } from '../ledger.ts';

/**
 * The money writer of the crash rounds: random admin balance changes (`user/change_balance`) on four seeded
 * users, some refused for going below 0. After each kill every acknowledged change must be one bill, and every
 * balance must still equal the sum of its bills.
 */
const USERS = [3, 4, 5, 6];
export const CRASH_BILL_PREFIX = 'crash-bill-';

export interface LedgerChange {
  id: number;
  amount_micro: number;
  remark: string;
}

/** The next change to send: −150 … +200 USDT in micro-units, never 0, with a unique remark. */
export function nextChange(seq: number, random: () => number = Math.random): LedgerChange {
  const amount = Math.round((random() * 350 - 150) * 1_000_000) || 1;
  return {
    id: USERS[Math.floor(random() * USERS.length)]!,
    amount_micro: amount,
    remark: `${CRASH_BILL_PREFIX}${seq}`,
  };
}

/** Acknowledged changes missing from the file, and ledger invariants broken; plus how many unacknowledged landed. */
export function verifyLedger(
  db: Database,
  acked: readonly LedgerChange[],
): { lost: string[]; problems: string[]; unackedPresent: number } {
  const stored = new Map(
    (
      db
        .prepare('SELECT remark, user_id, amount_micro FROM bills WHERE remark LIKE ?')
        .all(`${CRASH_BILL_PREFIX}%`) as { remark: string; user_id: number; amount_micro: number }[]
    ).map((b) => [b.remark, b]),
  );
  const lost: string[] = [];
  for (const c of acked) {
    const b = stored.get(c.remark);
    if (!b) lost.push(`balance change ${c.remark}`);
    else if (b.user_id !== c.id || b.amount_micro !== c.amount_micro)
      lost.push(`balance change ${c.remark} stored as ${b.user_id}/${b.amount_micro}`);
  }
  return { lost, problems: ledgerProblems(db), unackedPresent: stored.size - acked.length };
}
