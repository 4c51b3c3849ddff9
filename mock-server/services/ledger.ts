import type { Database } from 'better-sqlite3';
import { formatMoney, MONEY_MAX_MICRO, type Bill, type BillType, type EnumValue } from '../../contracts/index.ts';
import { ApiError, notFound } from './errors.ts';
import { formatDateTime, type Clock } from './clock.ts';

export type BillTypeCode = EnumValue<typeof BillType>;

export interface ChangeOptions {
  /** Who made the change (an administrator's id for adjustments). */
  operatorId?: number;
  /** 'YYYY-MM-DD HH:mm:ss'; default the clock's now (the seed passes its fixed time). */
  at?: string;
}

/**
 * The ledger's refusal: the change would take `account`'s balance below 0 or past the limit. Its own sentence
 * ("The balance of … is …; changing it by …") fits the one call whose action IS changing a balance
 * (`user/change_balance`); every other action re-says it as itself with `refusedAs`, with these figures.
 */
export class LedgerRefusal extends ApiError {
  constructor(
    readonly reason: 'insufficient' | 'too_large',
    readonly account: string,
    readonly balanceMicro: number,
    readonly amountMicro: number,
  ) {
    super(409, reason === 'insufficient' ? 'errors.balance_insufficient' : 'errors.balance_too_large', {
      field: 'amount_micro',
      account,
      balance: formatMoney(balanceMicro),
      amount: formatMoney(amountMicro),
    });
  }
}

/**
 * `change()` (any ledger work) whose refusal is said as the action the person took: `say` gets the refusal
 * (reason, account, balance, amount) and answers the action's own error; nothing was written either way (the
 * ledger refuses inside its transaction). Other errors pass as they are.
 */
export function refusedAs<T>(change: () => T, say: (refusal: LedgerRefusal) => ApiError): T {
  try {
    return change();
  } catch (e) {
    if (e instanceof LedgerRefusal) throw say(e);
    throw e;
  }
}

/** A bill as the API shows it: with the user's account and phone (spec §3 "Bill"). */
export const BILL_SELECT = `SELECT b.id, b.user_id, u.account, u.phone, b.type, b.amount_micro, b.balance_before_micro,
  b.balance_after_micro, b.remark, b.create_time FROM bills b JOIN users u ON u.id = b.user_id`;

/**
 * The one way a balance changes: read it, refuse a result below 0 or above the limit (`LedgerRefusal`, 409),
 * write the bill (user, type, amount, balance before/after, remark, time) and the new balance in one IMMEDIATE
 * transaction. The triggers of migration 006 refuse any other write, so balance = sum of bills.
 */
export function createLedger(db: Database, clock: Clock) {
  const userOf = db.prepare<[number], { id: number; account: string; balance_micro: number; status: number }>(
    'SELECT id, account, balance_micro, status FROM users WHERE id = ?',
  );
  const insertBill =
    db.prepare(`INSERT INTO bills (user_id, type, amount_micro, balance_before_micro, balance_after_micro,
    remark, operator_id, create_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const setBalance = db.prepare('UPDATE users SET balance_micro = ? WHERE id = ?');
  const billById = db.prepare<[number], Bill>(`${BILL_SELECT} WHERE b.id = ?`);

  const change = db.transaction(
    (
      userId: number,
      amountMicro: number,
      type: BillTypeCode,
      remark: string,
      options: ChangeOptions = {},
    ): Bill => {
      if (!Number.isSafeInteger(amountMicro) || amountMicro === 0)
        throw new Error(`ledger: bad amount ${amountMicro}`);
      const user = userOf.get(userId);
      if (!user || user.status === 2) throw notFound('errors.user_not_found');
      const before = user.balance_micro;
      const after = before + amountMicro;
      if (after < 0 || after > MONEY_MAX_MICRO) throw new LedgerRefusal(after < 0 ? 'insufficient' : 'too_large', user.account, before, amountMicro);
      const at = options.at ?? formatDateTime(clock.now());
      const id = Number(
        insertBill.run(userId, type, amountMicro, before, after, remark, options.operatorId ?? null, at)
          .lastInsertRowid,
      );
      setBalance.run(after, userId);
      return billById.get(id)!;
    },
  );

  return {
    /** Change a balance by a signed amount; throws ApiError 409 (nothing written) when the result is out of range. */
    change: (
      userId: number,
      amountMicro: number,
      type: BillTypeCode,
      remark: string,
      options?: ChangeOptions,
    ): Bill => change.immediate(userId, amountMicro, type, remark, options),
  };
}
export type Ledger = ReturnType<typeof createLedger>;
