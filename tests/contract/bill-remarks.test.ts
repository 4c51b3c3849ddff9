import { describe, expect, it } from 'vitest';
import { BILL_REMARKS, billRemark, readBillRemark, type BillRemarkKind } from '../../contracts/bill-remarks.ts';
import { texts } from '../e2e/helpers/texts.ts';

/**
 * The ledger's own remarks are declared once (contracts/bill-remarks.ts): each one the mock writes reads back
 * into its kind and values, the console has a text for each kind in both languages, and an administrator's
 * own words read back as nothing (shown as written).
 */
const SAMPLES: Record<BillRemarkKind, Record<string, string | number>> = {
  opening_balance: {},
  recharge: { order_no: 'R202611260001' },
  commission: { order_no: 'V202611260002', account: 'customer01' },
  transfer_review: { hash: 'a1b2c3d4e5f60718', remark: 'ticket 42 (checked: amount and sender)' },
  purchase: { name: 'Monthly / 月度会员' },
  withdrawal: { id: 7, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
  withdrawal_refund: { id: 7 },
};

describe('bill remarks the ledger writes', () => {
  it.each(Object.keys(BILL_REMARKS) as BillRemarkKind[])('%s reads back into its kind and values', (kind) => {
    const vars = SAMPLES[kind];
    expect(readBillRemark(billRemark(kind, vars))).toEqual({ kind, vars: Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])) });
  });

  it.each(['zh-CN', 'en'] as const)('every kind has a text in %s, its values filled in', (lng) => {
    for (const kind of Object.keys(BILL_REMARKS) as BillRemarkKind[]) {
      const text = texts(lng)(`resources.bill.remarks.${kind}`, SAMPLES[kind]);
      for (const v of Object.values(SAMPLES[kind])) expect(text).toContain(String(v));
    }
  });

  it("an administrator's own remark is not read as one of the ledger's", () => {
    for (const own of ['goodwill credit', "'+ bonus", 'recharge', 'withdrawal #7', 'opening balance 2']) expect(readBillRemark(own)).toBeNull();
  });
});
