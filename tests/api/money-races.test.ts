import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerProblems } from '../../harness/ledger.ts';
import { manualClock } from '../helpers/clock.ts';
import { ok } from '../helpers/qr.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Races on one account beyond tests/api/money-flows.test.ts: purchases and withdrawals of the same agent at
 * once, and a hundred reviews of one request at once. Real HTTP, one SQLite file per server.
 */
const AGENT = 3;
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const USDT = 1_000_000;

const { t, tok } = useApiServer({ clock: manualClock(new Date(2026, 5, 15, 12, 0, 0).getTime()) }, { admin: 'admin01', agent: 'agent01' });
const balance = () => valueOf<number>(t.db, 'users', 'balance_micro', AGENT)!;

beforeAll(async () => {
  // Money on the receiving address, so approvals can pay out on the simulated chain.
  expect((await request(t.server).post('/__control/chain/send').send({ amount_micro: 1_000 * USDT })).status).toBe(200);
});

describe('one account under 100 simultaneous money calls', () => {
  it('purchases and withdrawals together never overdraw it; exactly what the balance covers passes', async () => {
    // 55 USDT: room for five 10-USDT spends, whichever they are.
    ok(await t.call('user/change_balance', { id: AGENT, amount_micro: 55 * USDT - balance(), remark: 'race set-up' }, tok.admin));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, tok.agent)
          : t.call('withdrawal/add', { amount_micro: 10 * USDT, address: PAYEE }, tok.agent),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409), JSON.stringify(answers.find((a) => a.status >= 500)?.body)).toBe(true);
    const bought = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length;
    const withdrawn = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length;
    expect(withdrawn).toBe(1); // one pending request at a time
    expect(bought + withdrawn).toBe(5);
    expect(balance()).toBe(5 * USDT);
    expect(ledgerProblems(t.db)).toEqual([]);
  });

  it('a hundred approvals and rejections of one request: one wins, paid once or refunded once', async () => {
    const [pending] = ok<{ content: { id: number }[] }>(await t.call('withdrawal/inquire', { status: 1 }, tok.agent)).content;
    const before = balance();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0 ? t.call('withdrawal/approve', { id: pending!.id }, tok.admin) : t.call('withdrawal/reject', { id: pending!.id, reason: 'race' }, tok.admin),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    const status = valueOf<number>(t.db, 'withdrawals', 'status', pending!.id)!;
    const payouts = countOf(t.db, 'chain_transactions', { type: 2, status: 2, remark: `withdrawal #${pending!.id}` });
    const refunds = countOf(t.db, 'bills', { remark: `withdrawal #${pending!.id} rejected` });
    expect([status, payouts, refunds]).toEqual(status === 2 ? [2, 1, 0] : [3, 0, 1]);
    expect(balance()).toBe(status === 2 ? before : before + 10 * USDT);
    expect(ledgerProblems(t.db)).toEqual([]);
  });
});
