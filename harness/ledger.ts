import type { Database } from 'better-sqlite3';

/**
 * What must always hold of the money ledger, read straight from SQLite: every balance equals the sum of its
 * user's bills, none is negative, and each user's bills form one chain (each starts where the previous one
 * ended, the first from 0). Returns the problems found ([] when it holds).
 */
export function ledgerProblems(db: Database): string[] {
  const problems: string[] = [];
  const users = db.prepare('SELECT id, account, balance_micro FROM users ORDER BY id').all() as {
    id: number;
    account: string;
    balance_micro: number;
  }[];
  const billsOf = db.prepare(
    'SELECT id, amount_micro, balance_before_micro, balance_after_micro FROM bills WHERE user_id = ? ORDER BY id',
  );
  for (const u of users) {
    if (u.balance_micro < 0) problems.push(`${u.account}: negative balance ${u.balance_micro}`);
    let running = 0;
    for (const b of billsOf.all(u.id) as {
      id: number;
      amount_micro: number;
      balance_before_micro: number;
      balance_after_micro: number;
    }[]) {
      if (b.balance_before_micro !== running)
        problems.push(
          `${u.account}: bill ${b.id} starts at ${b.balance_before_micro}, previous ended at ${running}`,
        );
      if (b.balance_after_micro !== b.balance_before_micro + b.amount_micro)
        problems.push(`${u.account}: bill ${b.id} does not add up`);
      running += b.amount_micro;
    }
    if (running !== u.balance_micro)
      problems.push(`${u.account}: balance ${u.balance_micro} ≠ sum of bills ${running}`);
  }
  return problems;
}
