import type { Database } from 'better-sqlite3';
import { FrameType } from '../../contracts/index.ts';
import type { Ledger } from '../services/ledger.ts';

/** The hub's one method this needs (mock-server/realtime/hub.ts). */
export interface BalancePushDeps {
  readonly db: Database;
  readonly hub: { push(userId: number, type: number, data?: unknown): number };
}

/**
 * The ledger, telling each user whose balance changed (frame 25). Nothing about the change itself moves here:
 * the push is scheduled after the call and sends the balance read *then*, once per user however many bills a
 * request wrote. A ledger change runs inside synchronous better-sqlite3 transactions, so by the time the
 * microtask runs the outer transaction has committed or rolled back, and the balance read is the committed one.
 */
export function withBalancePush(ledger: Ledger, { db, hub }: BalancePushDeps): Ledger {
  const balanceOf = db.prepare<[number], number>('SELECT balance_micro FROM users WHERE id = ?').pluck();
  const due = new Set<number>();
  const flush = () => {
    const users = [...due];
    due.clear();
    // A server closed in the same tick (a test's teardown, a shutdown) has nobody left to tell.
    if (!db.open) return;
    for (const id of users) {
      const balance = balanceOf.get(id);
      if (balance !== undefined) hub.push(id, FrameType.values.balance, { balance_micro: balance });
    }
  };
  return {
    ...ledger,
    change(userId, amountMicro, type, remark, options) {
      const bill = ledger.change(userId, amountMicro, type, remark, options);
      if (due.size === 0) queueMicrotask(flush);
      due.add(userId);
      return bill;
    },
  };
}
