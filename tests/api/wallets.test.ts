import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/index.ts';
import { isTronAddress } from '../../contracts/tron-address.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { countOf, rowsOf, valueOf } from '../../fixtures/rows.ts';
import { useApiServer } from '../helpers/api-server.ts';

const RECEIVING = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const KEY = '1'.repeat(64);

const { t, tok } = useApiServer({}, { sup: 'superadmin', admin: 'admin01' });
const refusedUnchanged = refusalChecker(() => t);
async function control(op: string, body: object = {}) {
  const res = await request(t.server).post(`/__control/${op}`).send(body);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}
type Wallet = { id: number; address: string; usdt_micro: number; trx_micro: number };


describe('wallets (tron)', () => {
  it('generates and imports key pairs; lists never carry the private key; reveal is confirmed and audited', async () => {
    const generated = ok<Wallet>(await t.call('wallet/add', {}, tok.sup));
    expect(generated.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const imported = ok<Wallet>(await t.call('wallet/add', { private_key: KEY }, tok.sup));
    // Deterministic: the same key gives the same address; importing it twice is 409.
    await refusedUnchanged('wallet/add', { private_key: KEY }, tok.sup, 409, /private_key/);
    await refusedUnchanged('wallet/add', { private_key: 'zz' }, tok.sup, 400, /private_key/);
    await refusedUnchanged('wallet/add', { private_key: '0'.repeat(64) }, tok.sup, 400, /private_key/);
    await refusedUnchanged('wallet/add', {}, tok.admin, 403);
    const list = await t.call('wallet/inquire', {}, tok.sup);
    expect(JSON.stringify(list.body)).not.toContain(KEY);
    expect(ok<Page<Wallet>>(list).total).toBe(2);
    await refusedUnchanged('wallet/reveal_key', { id: imported.id }, tok.sup, 400, /confirm/);
    const before = countOf(t.db, 'logs');
    const revealed = ok<{ private_key: string }>(await t.call('wallet/reveal_key', { id: imported.id, confirm: true }, tok.sup));
    expect(revealed.private_key).toBe(KEY);
    const log = rowsOf(t.db, 'logs', {}, { orderBy: '-id' })[0];
    expect(countOf(t.db, 'logs')).toBe(before + 1);
    expect(JSON.stringify(log)).toContain('wallet/reveal_key');
    expect(JSON.stringify(log)).not.toContain(KEY);
    expect(generated.id).toBeLessThan(imported.id);
    expect(isTronAddress(generated.address) && isTronAddress(imported.address)).toBe(true);
  });

  it('collects all wallets as a job: one record per wallet, balances move on the chain; sync reads them', async () => {
    const [a, b] = ok<Page<Wallet>>(await t.call('wallet/inquire', {}, tok.sup)).content;
    await control('chain/send', { to: a!.address, amount_micro: 5_000_000 });
    await control('chain/send', { to: b!.address, amount_micro: 7_250_000 });
    const sync = ok<{ job_id: number; wallets: number }>(await t.call('wallet/sync_balance', {}, tok.sup));
    expect(sync.wallets).toBe(2);
    await control('job_step', { id: sync.job_id, count: 5 });
    const synced = ok<Page<Wallet>>(await t.call('wallet/inquire', {}, tok.sup)).content;
    expect(synced.map((w) => w.usdt_micro).sort()).toEqual([5_000_000, 7_250_000]);

    const receivingBefore = (await control('chain/state', {})).usdt_micro as number;
    await control('chain/fail_next', {});
    const job = ok<{ job_id: number }>(await t.call('wallet/collect', {}, tok.sup));
    const stepped = await control('job_step', { id: job.job_id, count: 5 });
    expect(stepped.jobs[0].status).toBe(2);
    const records = ok<Page<{ status: number; amount_micro: number }>>(await t.call('wallet/collection_inquire', {}, tok.admin));
    expect(records.content.map((r) => r.status).sort()).toEqual([1, 2]);
    const collected = records.content.find((r) => r.status === 1)!.amount_micro;
    expect((await control('chain/state', {})).usdt_micro).toBe(receivingBefore + collected);
    const row = valueOf(t.db, 'async_operations', 'message', job.job_id);
    expect(row).toBe('jobs.collected');
    const txs = ok<Page<{ type: number; to_address: string }>>(await t.call('usdt_transaction/inquire', { type: 3 }, tok.admin));
    expect(txs.content.every((x) => x.to_address === RECEIVING)).toBe(true);
    expect(txs.total).toBe(2);
  });

  it('refuses unknown wallets all-or-none and a job with nothing to do', async () => {
    await refusedUnchanged('wallet/collect', { ids: [1, 999] }, tok.sup, 404);
    const ids = ok<Page<Wallet>>(await t.call('wallet/inquire', {}, tok.sup)).content.map((w) => w.id);
    ok(await t.call('wallet/remove', { ids }, tok.sup));
    await refusedUnchanged('wallet/sync_balance', {}, tok.sup, 409, /No wallet/);
  });

  it('derives real TRON addresses: a published private key (trustwallet/wallet-core Tron tests) gives its address', async () => {
    const published = ok<Wallet & { hex_address: string }>(
      await t.call('wallet/add', { private_key: '2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54' }, tok.sup),
    );
    expect(published.address).toBe('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC');
    expect(published.hex_address).toMatch(/^41[0-9a-f]{40}$/);
  });
});
