import type { Database } from 'better-sqlite3';

/**
 * The withdrawals writer of the crash rounds (issue 11): agent01 requests 10 USDT to PAYEE; administrator
 * admin01 then approves (odd ids: paid out on the simulated chain) or rejects (even ids: reserve returned).
 * A request left pending by a kill is found again through the agent's own list and reviewed in a later step.
 * After each kill: every acknowledged request exists as sent; every acknowledged approval is status 2 with
 * its hash and every acknowledged rejection status 3; no request is paid out twice or paid and refunded;
 * each rejected request has exactly one refund bill, no other request has one, and every request exactly one
 * reserve bill. The ledger invariant (balance = sum of bills) is checked by crash-ledger.ts.
 */
export const CRASH_PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const AMOUNT_MICRO = 10_000_000;

export interface WithdrawalAcks {
  requested: { id: number; amount_micro: number }[];
  approved: { id: number; hash: string }[];
  rejected: number[];
}

export const emptyWithdrawalAcks = (): WithdrawalAcks => ({ requested: [], approved: [], rejected: [] });

type Post = (url: string, path: string, body: unknown, token?: string) => Promise<{ status: number; data?: unknown }>;
type Row = { id: number; status: number; tx_hash: string | null };

/** Fund the receiving address once on the simulated chain, so approvals have USDT to pay out. */
export async function fundPayouts(url: string): Promise<void> {
  const res = await fetch(`${url}/__control/chain/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount_micro: 1_000_000_000_000 }),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`chain/send: ${res.status}`);
}

export async function withdrawalStep(url: string, agentToken: string, adminToken: string, post: Post, acks: WithdrawalAcks): Promise<void> {
  const mine = await post(url, 'withdrawal/inquire', { status: 1, page_size: 1 }, agentToken);
  if (mine.status !== 200) return;
  const open = (mine.data as { content: Row[] }).content[0];
  if (!open) {
    const r = await post(url, 'withdrawal/add', { amount_micro: AMOUNT_MICRO, address: CRASH_PAYEE }, agentToken);
    if (r.status === 200) acks.requested.push({ id: (r.data as Row).id, amount_micro: AMOUNT_MICRO });
    return;
  }
  if (open.id % 2 === 1) {
    const r = await post(url, 'withdrawal/approve', { id: open.id }, adminToken);
    if (r.status === 200) acks.approved.push({ id: open.id, hash: (r.data as Row).tx_hash! });
  } else {
    const r = await post(url, 'withdrawal/reject', { id: open.id, reason: 'crash test' }, adminToken);
    if (r.status === 200) acks.rejected.push(open.id);
  }
}

export function verifyWithdrawals(db: Database, acks: WithdrawalAcks): { lost: string[]; problems: string[] } {
  const lost: string[] = [];
  const row = db.prepare<[number], Row & { amount_micro: number; address: string }>('SELECT id, status, tx_hash, amount_micro, address FROM withdrawals WHERE id = ?');
  for (const a of acks.requested) {
    const w = row.get(a.id);
    if (!w || w.amount_micro !== a.amount_micro || w.address !== CRASH_PAYEE) lost.push(`withdrawal ${a.id} acknowledged as requested but ${w ? 'changed' : 'missing'}`);
  }
  for (const a of acks.approved) {
    const w = row.get(a.id);
    if (w?.status !== 2 || w.tx_hash !== a.hash) lost.push(`withdrawal ${a.id} acknowledged as paid by ${a.hash}, stored ${w?.status}/${w?.tx_hash}`);
  }
  for (const id of acks.rejected) if (row.get(id)?.status !== 3) lost.push(`withdrawal ${id} acknowledged as rejected, stored ${row.get(id)?.status}`);

  const problems: string[] = [];
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  // Payouts name their request in the transfer's remark ('withdrawal #<id>'), failed ones (status 3) aside.
  const payouts = `SELECT CAST(substr(remark, 13) AS INTEGER) AS id, COUNT(*) AS n FROM chain_transactions
    WHERE type = 2 AND status = 2 AND remark LIKE 'withdrawal #%' GROUP BY remark`;
  const twice = count(`SELECT COUNT(*) FROM (${payouts}) WHERE n > 1`);
  if (twice) problems.push(`${twice} withdrawals paid out twice`);
  const unmatched = count(`SELECT COUNT(*) FROM (${payouts}) p LEFT JOIN withdrawals w ON w.id = p.id WHERE w.status IS NOT 2`);
  if (unmatched) problems.push(`${unmatched} payouts whose withdrawal is not approved`);
  const unpaid = count(`SELECT COUNT(*) FROM withdrawals w WHERE status = 2 AND NOT EXISTS (SELECT 1 FROM chain_transactions t WHERE t.hash = w.tx_hash AND t.status = 2)`);
  if (unpaid) problems.push(`${unpaid} approved withdrawals without a confirmed payout`);
  // Bills name their request too: 'withdrawal #<id> to …' reserves it, 'withdrawal #<id> rejected' returns it.
  const refunds = `SELECT CAST(substr(remark, 13) AS INTEGER) AS id, COUNT(*) AS n FROM bills WHERE remark LIKE 'withdrawal #% rejected' GROUP BY remark`;
  const badRefunds = count(`SELECT COUNT(*) FROM withdrawals w LEFT JOIN (${refunds}) r ON r.id = w.id WHERE COALESCE(r.n, 0) != (w.status = 3)`);
  if (badRefunds) problems.push(`${badRefunds} withdrawals whose reserve was not returned exactly once on rejection (or returned without one)`);
  const reserves = `SELECT CAST(substr(remark, 13) AS INTEGER) AS id, COUNT(*) AS n FROM bills WHERE remark LIKE 'withdrawal #% to %' GROUP BY remark`;
  const badReserves = count(`SELECT COUNT(*) FROM withdrawals w LEFT JOIN (${reserves}) r ON r.id = w.id WHERE COALESCE(r.n, 0) != 1`);
  if (badReserves) problems.push(`${badReserves} withdrawals without exactly one reserve bill`);
  return { lost, problems };
}
