import { describe, expect, it } from 'vitest';
import { balanceFrameData, FrameType, formatMoney, translate, type ResponseOf, type ServerFrame, type walletSummary } from '../../contracts/index.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { control } from '../helpers/control.ts';
import { connectAs, type RealtimeTestClient } from '../realtime/client.ts';
import { balanceOf, userIdOf, withdrawalStatusOf } from '../../fixtures/factories.ts';

/**
 * The server parts the money screens read: `wallet/summary` (what "collect all" / "sync all" act on), the
 * payout refusal that says the hot wallet is short, and frame 25 (the balance after each committed change).
 */
const RECEIVING = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
type Summary = ResponseOf<typeof walletSummary>;

const api = useApiServer({}, { sup: 'superadmin', admin: 'admin01', agent: 'agent01' });
const refusedUnchanged = refusalChecker(() => api.t);
const balance = (account: string) => balanceOf(api.t.db, account);

/** The next balance frame on a socket, skipping any other frame (job progress, payments). */
async function nextBalance(client: RealtimeTestClient): Promise<number> {
  for (;;) {
    const frame: ServerFrame = await client.next();
    if (frame.type === FrameType.values.balance) return balanceFrameData.parse(frame.data).balance_micro;
  }
}

describe('wallet/summary', () => {
  it('counts the wallets in use and sums their last synced balances; the oldest sync is null while one never synced', async () => {
    expect(ok<Summary>(await api.t.call('wallet/summary', {}, api.tok.sup))).toEqual({ wallets: 0, usdt_micro: 0, trx_micro: 0, oldest_sync: null, collect_job_id: null, sync_job_id: null });
    const a = ok<{ id: number; address: string }>(await api.t.call('wallet/add', {}, api.tok.sup));
    const b = ok<{ id: number; address: string }>(await api.t.call('wallet/add', {}, api.tok.sup));
    const gone = ok<{ id: number }>(await api.t.call('wallet/add', {}, api.tok.sup));
    ok(await api.t.call('wallet/remove', { ids: [gone.id] }, api.tok.sup));
    await control(api.t, 'chain/send', { to: a.address, amount_micro: 4_000_000 });
    await control(api.t, 'chain/send', { to: b.address, amount_micro: 1_500_001 });
    // Not synced yet: the figures are the last synced ones (none), and the oldest sync says "never".
    expect(ok<Summary>(await api.t.call('wallet/summary', {}, api.tok.sup))).toEqual({ wallets: 2, usdt_micro: 0, trx_micro: 0, oldest_sync: null, collect_job_id: null, sync_job_id: null });

    const job = ok<{ job_id: number; wallets: number }>(await api.t.call('wallet/sync_balance', {}, api.tok.sup));
    expect(job.wallets).toBe(2);
    await control(api.t, 'job_step', { id: job.job_id, count: 10 });
    const summary = ok<Summary>(await api.t.call('wallet/summary', {}, api.tok.sup));
    expect(summary).toMatchObject({ wallets: 2, usdt_micro: 5_500_001, trx_micro: 0 });
    expect(summary.oldest_sync).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('is for those who see the wallets screen only, and takes no body', async () => {
    await refusedUnchanged('wallet/summary', {}, api.tok.admin, 403);
    await refusedUnchanged('wallet/summary', {}, api.tok.agent, 403);
    await refusedUnchanged('wallet/summary', { ids: [1] }, api.tok.sup, 400);
  });
});

describe('a payout the hot wallet cannot cover', () => {
  it('is refused naming the wallet, what it holds and the payout; the request stays pending; enough funds pay it', async () => {
    const w = ok<{ id: number }>(await api.t.call('withdrawal/add', { amount_micro: 30_000_000, address: PAYEE }, api.tok.agent));
    const held = (await control(api.t, 'chain/state')).usdt_micro;
    expect(held).toBeLessThan(30_000_000);
    for (const locale of ['en', 'zh-CN'] as const) {
      const res = await api.t.call('withdrawal/approve', { id: w.id }, api.tok.admin, locale);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(translate('errors.payout_wallet_short', locale, { address: RECEIVING, balance: formatMoney(held), amount: '30' }));
    }
    expect(withdrawalStatusOf(api.t.db, w.id)).toBe(1);

    // Funds there, but the chain refuses the transfer: the other reason, still pending.
    await control(api.t, 'chain/send', { amount_micro: 30_000_000 });
    await control(api.t, 'chain/fail_next', { count: 1 });
    const failed = await api.t.call('withdrawal/approve', { id: w.id }, api.tok.admin, 'en');
    expect(failed.status).toBe(409);
    expect(failed.body.message).toContain(translate('errors.chain_transfer_failed', 'en'));
    expect(ok<{ status: number }>(await api.t.call('withdrawal/approve', { id: w.id }, api.tok.admin)).status).toBe(2);
  });
});

describe('frame 25: the balance after each committed change', () => {
  it("reaches the user's sockets with the committed balance, and no one else's; a refused change sends nothing", async () => {
    const socket = await connectAs(api.t, 'customer02');
    const other = await connectAs(api.t, 'customer01');
    const before = balance('customer02');
    const me = userIdOf(api.t.db, 'customer02');

    ok(await api.t.call('user/change_balance', { id: me, amount_micro: 2_500_000, remark: 'frame test' }, api.tok.admin));
    expect(await nextBalance(socket)).toBe(before + 2_500_000);

    // A refused change (more than the balance) commits nothing and says nothing; the next real one is next.
    const refused = await api.t.call('user/change_balance', { id: me, amount_micro: -(before + 10_000_000), remark: 'too much' }, api.tok.admin);
    expect(refused.status).toBe(409);
    const customer = await api.t.login('customer02');
    ok(await api.t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, customer));
    expect(await nextBalance(socket)).toBe(before + 2_500_000 - 10_000_000);
    expect(balance('customer02')).toBe(before + 2_500_000 - 10_000_000);

    // customer01 saw none of it (customer02's purchase credits agent01, not customer01).
    expect(other.frames.filter((f) => f.type === FrameType.values.balance)).toEqual([]);
    expect(socket.refused).toEqual([]);
    socket.ws.close();
    other.ws.close();
  });
});
