import { describe, expect, it } from 'vitest';
import { calls, type CallDef } from '../../contracts/index.ts';
import { ok, refusalChecker, refused, SEEDED, useQrServer } from '../helpers/qr.ts';
import { valueOf } from '../../fixtures/rows.ts';

/**
 * The membership rule (docs/decisions/2026-11-23-membership.md): a customer whose membership is past or absent
 * cannot create QR codes, short links, domains or forwards (402 naming the expiry and buy_vip_combo), but can
 * still read, export, edit and renew; agents and administrators are never members and never refused.
 * The test clock is 2026-06-15 12:00:00 (tests/helpers/qr.ts).
 */
const { t, tok } = useQrServer();
const C1 = 4;
const refusedUnchanged = refusalChecker(() => t);
const setExpiry = async (expiry: string | null) => ok(await t.call('user/update', { id: C1, member_expire_time: expiry }, tok.admin));


const CREATING = ['qr_code_list/add', 'short_code/add', 'domain/add', 'forward/add'];

describe('membership', () => {
  it('is declared on exactly the creating calls', () => {
    expect((calls as readonly CallDef[]).filter((c) => c.membership).map((c) => c.path).sort()).toEqual([...CREATING].sort());
  });

  it('refuses every creating call of an expired customer with 402 naming the expiry, in both languages, changing nothing', async () => {
    await setExpiry('2026-06-15 11:59:59');
    for (const path of CREATING) {
      await refusedUnchanged(path, { domain: 'late.example.com', display_type: 1 }, tok.customer01, 402, /^Your membership expired on 2026-06-15 11:59:59: renew it under “Buy a VIP plan”/);
    }
    const zh = await t.call('domain/add', { domain: 'late.example.com', display_type: 1 }, tok.customer01, 'zh-CN');
    refused(zh, 402, /^您的会员已于 2026-06-15 11:59:59 到期：请在「购买 VIP 套餐」续费/);
  });

  it('lets an expired customer read, export, edit and renew', async () => {
    await setExpiry('2026-01-01 00:00:00');
    expect(ok<{ total: number }>(await t.call('qr_code_list/inquire', {}, tok.customer01)).total).toBeGreaterThan(0);
    ok(await t.call('domain/inquire', {}, tok.customer01));
    ok(await t.call('qr_code_list/details', { id: SEEDED.demo01 }, tok.customer01));
    ok(await t.call('qr_code_access/export_access_records', { qr_code_id: SEEDED.demo01 }, tok.customer01));
    ok(await t.call('qr_code_list/update', { id: SEEDED.demo01, remark: 'still mine' }, tok.customer01));
    // Renewal from the balance: the membership now runs 30 days from now, and creating works again.
    const order = ok<{ status: number }>(await t.call('vip_combo/buy', { vip_combo_id: 1, pay_method: 1 }, tok.customer01));
    expect(order.status).toBe(2);
    expect(valueOf(t.db, 'users', 'member_expire_time', C1)).toBe('2026-07-15 12:00:00');
    ok(await t.call('domain/add', { domain: 'renewed.example.com', display_type: 1 }, tok.customer01));
  });

  it('counts the expiry second itself as covered, and no expiry as no membership', async () => {
    await setExpiry('2026-06-15 12:00:00');
    ok(await t.call('domain/add', { domain: 'last-second.example.com', display_type: 1 }, tok.customer01));
    await setExpiry(null);
    await refusedUnchanged('domain/add', { domain: 'never.example.com', display_type: 1 }, tok.customer01, 402, /^You have no membership yet: buy one under “Buy a VIP plan”/);
    await setExpiry('2099-12-31 23:59:59');
  });

  it('never refuses agents or administrators, who are not members (agent01 has no expiry)', async () => {
    ok(await t.call('domain/add', { domain: 'agent-own.example.com', display_type: 1 }, tok.agent));
    ok(await t.call('domain/add', { domain: 'admin-own.example.com', display_type: 1 }, tok.admin));
  });
});
