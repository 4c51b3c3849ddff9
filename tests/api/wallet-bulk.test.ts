import { describe, expect, it } from 'vitest';
import { AsyncOperationStatus, type ResponseOf, type walletSummary } from '../../contracts/index.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { control } from '../helpers/control.ts';
import { countOf } from '../../fixtures/rows.ts';

/**
 * Wallet bulk actions (issue 21 point 8, server side): collect all / sync all run over every wallet in use as
 * one job each, with progress; a second job of a kind while one runs is refused by the server (409 naming the
 * running job), whoever asks; `wallet/summary` answers what "all" means for the confirmation.
 */
const api = useApiServer({}, { sup: 'superadmin' });
const refusedUnchanged = refusalChecker(() => api.t);
type Count = ResponseOf<typeof walletSummary>;

describe('collect all / sync all', () => {
  it('counts the set, runs one job per kind at a time over all of it, refuses a second while one runs', async () => {
    const wallets: { id: number; address: string }[] = [];
    for (let i = 0; i < 4; i++) wallets.push(ok(await api.t.call('wallet/add', {}, api.tok.sup)));
    for (const [i, w] of wallets.entries()) await control(api.t, 'chain/send', { to: w.address, amount_micro: (i + 1) * 1_000_000 });
    ok(await api.t.call('wallet/remove', { ids: [wallets[3]!.id] }, api.tok.sup));
    expect(ok<Count>(await api.t.call('wallet/summary', {}, api.tok.sup))).toMatchObject({ wallets: 3, usdt_micro: 0, trx_micro: 0, collect_job_id: null, sync_job_id: null });

    const sync = ok<{ job_id: number; wallets: number }>(await api.t.call('wallet/sync_balance', {}, api.tok.sup));
    expect(sync.wallets).toBe(3);
    // A double click, or another tab: refused while the first runs, naming it; the other kind may start.
    await refusedUnchanged('wallet/sync_balance', {}, api.tok.sup, 409, new RegExp(`job #${sync.job_id}, 0 % done`));
    await refusedUnchanged('wallet/sync_balance', { ids: [wallets[0]!.id] }, api.tok.sup, 409, /balance sync/);
    const both = await Promise.all([api.t.call('wallet/collect', {}, api.tok.sup), api.t.call('wallet/collect', {}, api.tok.sup)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const collectId = (both.find((r) => r.status === 200)!.body.data as { job_id: number }).job_id;
    expect(ok<Count>(await api.t.call('wallet/summary', {}, api.tok.sup))).toMatchObject({ collect_job_id: collectId, sync_job_id: sync.job_id });

    // Progress step by step, then done: the next job of the kind may start.
    const first = await control(api.t, 'job_step', { id: sync.job_id });
    expect(first.jobs[0]).toMatchObject({ status: AsyncOperationStatus.values.in_progress, progress: 33 });
    await refusedUnchanged('wallet/sync_balance', {}, api.tok.sup, 409, /33 % done/);
    await control(api.t, 'job_step', { id: sync.job_id, count: 2 });
    expect(ok<Count>(await api.t.call('wallet/summary', {}, api.tok.sup))).toMatchObject({ wallets: 3, usdt_micro: 6_000_000, sync_job_id: null });
    await control(api.t, 'job_step', { id: collectId, count: 3 });
    const collected = ok<Count>(await api.t.call('wallet/summary', {}, api.tok.sup));
    expect(collected).toMatchObject({ usdt_micro: 0, collect_job_id: null });
    expect(countOf(api.t.db, 'collections', { status: 1 })).toBe(3);
    expect(ok<{ job_id: number }>(await api.t.call('wallet/sync_balance', {}, api.tok.sup)).job_id).toBeGreaterThan(sync.job_id);
  });

  it('is the super administrator\'s: an administrator may not count or start', async () => {
    const admin = await api.t.login('admin01');
    await refusedUnchanged('wallet/summary', {}, admin, 403);
    await refusedUnchanged('wallet/collect', {}, admin, 403);
  });
});
