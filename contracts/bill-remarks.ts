/**
 * The remarks the ledger writes itself, declared once: the mock writes each bill's remark from here (English,
 * the ledger's stored record, kept as it always was), and the console reads a stored remark back into its
 * kind and values to show it in the user's language (`resources.bill.remarks.<kind>`). A remark that fits
 * none (an administrator's own words on a balance change) is data and shows as written.
 */
export const BILL_REMARKS = {
  opening_balance: 'opening balance',
  recharge: 'recharge {{order_no}}',
  commission: 'commission {{order_no}} ({{account}})',
  transfer_review: 'transfer {{hash}}… credited on review: {{remark}}',
  purchase: 'VIP {{name}}',
  withdrawal: 'withdrawal #{{id}} to {{address}}',
  withdrawal_refund: 'withdrawal #{{id}} rejected',
} as const;
export type BillRemarkKind = keyof typeof BILL_REMARKS;

/** The stored remark of a bill of `kind` with its values. */
export function billRemark(kind: BillRemarkKind, vars: Readonly<Record<string, string | number>> = {}): string {
  return BILL_REMARKS[kind].replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each template as an anchored pattern; the last value takes the rest (a reviewer's remark may hold anything). */
const READERS = (Object.entries(BILL_REMARKS) as [BillRemarkKind, string][]).map(([kind, template]) => {
  const parts = template.split(/\{\{(\w+)\}\}/);
  const names = parts.filter((_, i) => i % 2 === 1);
  const source = parts.map((p, i) => (i % 2 === 0 ? escape(p) : i === parts.length - 2 ? '(.+)' : '(.+?)')).join('');
  return { kind, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** A stored remark read back into its kind and values, or null when the ledger did not word it. */
export function readBillRemark(remark: string): { kind: BillRemarkKind; vars: Record<string, string> } | null {
  for (const r of READERS) {
    const m = r.pattern.exec(remark);
    if (m) return { kind: r.kind, vars: Object.fromEntries(r.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}
