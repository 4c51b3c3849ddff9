import { describe, expect, it } from 'vitest';
import type { Page, QrCode } from '../../contracts/index.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { ok, QR_LOGINS, SEEDED } from '../helpers/qr.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * The QR code list's total from the per-owner counts of migration 037 (kept by triggers on qr_codes), through a
 * real SQLite file and real HTTP: after adds, moves to the recycle bin, restores and purges, every list's
 * total equals the codes there are, for a customer, an administrator and an administrator's owner filter; a
 * filter the counts do not cover (a name) still counts the rows. The newest-first page reads the new index.
 */
const { t, tok } = useApiServer({ file: 'qr-code-counts' }, QR_LOGINS);

const customer = () => valueOf<number>(t.db, 'users', 'id', { account: 'customer01' })!;
const page = async (token: string, body: object = {}) => ok<Page<QrCode>>(await t.call('qr_code_list/inquire', { page_size: 5, ...body }, token));
const userPage = async (body: object) => ok<Page<QrCode>>(await t.call('qr_code_list/user_inquire', { page_size: 5, ...body }, tok.admin));

async function expectTotalsTrue() {
  for (const removed of [1, 2] as const) {
    expect((await page(tok.customer01, { removed })).total).toBe(countOf(t.db, 'qr_codes', { user_id: customer(), removed }));
    expect((await page(tok.admin, { removed })).total).toBe(countOf(t.db, 'qr_codes', { removed }));
    expect((await userPage({ removed, user_id: customer() })).total).toBe(countOf(t.db, 'qr_codes', { user_id: customer(), removed }));
  }
}

describe('qr_code_list totals from the per-owner counts', () => {
  it('agree with the codes after adds, bin moves, restores and purges', async () => {
    await expectTotalsTrue();
    const added: number[] = [];
    for (let i = 0; i < 4; i++) {
      const code = ok<QrCode>(await t.call('qr_code_list/add', { name: `Count ${i}`, domain_id: SEEDED.land1, rotation_type: 1, children: [{ url: `https://a.example/${i}` }] }, tok.customer01));
      added.push(code.id);
    }
    await expectTotalsTrue();
    ok(await t.call('qr_code_list/remove', { ids: added.slice(0, 3) }, tok.customer01));
    await expectTotalsTrue();
    ok(await t.call('qr_code_list/update_remove', { ids: [added[0]] }, tok.customer01));
    await expectTotalsTrue();
    ok(await t.call('qr_code_list/qr_code_remove', { ids: added.slice(1, 3) }, tok.customer01));
    await expectTotalsTrue();
    expect(countOf(t.db, 'qr_codes', { id: added[1] })).toBe(0);
  });

  it('newest first, paging continues; a filter outside the counts still counts its rows', async () => {
    const first = await page(tok.customer01, { page_size: 10 });
    const times = first.content.map((c) => `${c.create_time} ${String(c.id).padStart(9, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page(tok.customer01, { page: 2 })).content.map((c) => c.id)).toEqual(first.content.slice(5, 10).map((c) => c.id));
    const named = await page(tok.customer01, { name: 'Count' });
    expect(named.total).toBe(named.content.length);
    expect(named.total).toBe(2);
  });
});
