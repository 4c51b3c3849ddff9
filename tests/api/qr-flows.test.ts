import { describe, expect, it } from 'vitest';
import type { ResponseOf, statisticsCodes } from '../../contracts/index.ts';
import { dayOf } from '../../mock-server/services/time.ts';
import { ok, QR_NOW, refusalChecker, SEEDED, TODAY, useQrServer } from '../helpers/qr.ts';
import { updateQrCode } from '../../fixtures/factories.ts';
import { valueOf } from '../../fixtures/rows.ts';
import { codesVisitedOn } from '../../fixtures/statistics.ts';

/**
 * Issue 22's server halves over real HTTP and the seeded SQLite file: codes visited today count every code,
 * the code picker's search stays in the statistics scope, a domain that may not take codes is refused with its
 * name and state, and the public pages learn the server's today.
 */

const { t, tok } = useQrServer();
const refusedUnchanged = refusalChecker(() => t);
const domainOf = (codeId: number) => valueOf<number>(t.db, 'qr_codes', 'domain_id', codeId)!;

describe('codes visited today (point 5)', () => {
  it('counts every code visited today, not the ten of the top list', async () => {
    // Twelve new codes of customer01, each visited once today (server clock QR_NOW).
    for (let i = 0; i < 12; i++) {
      const code = ok<{ file_name: string }>(
        await t.call('qr_code_list/add', { name: `today ${i}`, domain_id: SEEDED.entry1, children: [{ url: `https://example.com/${i}` }] }, tok.customer01),
      );
      const res = await fetch(`${t.url}/v/${code.file_name}`, { redirect: 'manual', headers: { 'x-forwarded-for': `39.128.10.${i + 1}` } });
      expect(res.status).toBeLessThan(400);
      await res.arrayBuffer();
    }
    const counted = codesVisitedOn(t.db, TODAY);
    expect(counted).toBeGreaterThanOrEqual(12);
    const today = ok<{ codes_today: number; top_codes: unknown[] }>(await t.call('statistics/today', {}, tok.admin));
    expect(today.top_codes).toHaveLength(10);
    expect(today.codes_today).toBe(counted);
    // Scoped like the rest: customer02 has none of these.
    const other = ok<{ codes_today: number }>(await t.call('statistics/today', {}, tok.customer02));
    expect(other.codes_today).toBe(
      codesVisitedOn(t.db, TODAY, 5),
    );
  });
});

describe('statistics/codes, the code picker (point 4)', () => {
  type Answer = ResponseOf<typeof statisticsCodes>;
  it('finds codes by name, by code and by id, only in the caller’s scope', async () => {
    const byCode = ok<Answer>(await t.call('statistics/codes', { search: 'DEMO0' }, tok.customer01));
    expect(byCode.search).toBe('DEMO0');
    expect(byCode.content.map((c) => c.file_name).sort()).toEqual(expect.arrayContaining(['demo01', 'demo02']));
    expect(byCode.content.every((c) => c.file_name.toLowerCase().includes('demo0') || c.name.toLowerCase().includes('demo0'))).toBe(true);
    const byName = ok<Answer>(await t.call('statistics/codes', { search: '春季' }, tok.customer01));
    expect(byName.content.map((c) => c.id)).toContain(SEEDED.demo01);
    const byId = ok<Answer>(await t.call('statistics/codes', { search: `#${SEEDED.demo02}` }, tok.customer01));
    expect(byId.content.map((c) => c.id)).toContain(SEEDED.demo02);
    // Another customer's code is not found, whatever is typed; an administrator finds it.
    const foreign = ok<Answer>(await t.call('statistics/codes', { search: 'c2code01' }, tok.customer01));
    expect(foreign.content).toEqual([]);
    const admin = ok<Answer>(await t.call('statistics/codes', { search: 'c2code01' }, tok.admin));
    expect(admin.content.map((c) => c.id)).toEqual([SEEDED.c2code01]);
    // A wildcard is a character, not a pattern.
    expect(ok<Answer>(await t.call('statistics/codes', { search: '%' }, tok.customer01)).content).toEqual([]);
  });

  it('refuses another user’s scope with 404 and changes nothing', async () => {
    await refusedUnchanged('statistics/codes', { search: '', user_id: 5 }, tok.customer01, 404);
  });
});

describe('domains that may take codes (point 7)', () => {
  const add = (domain_id: number) => ({ name: 'onto', domain_id, children: [{ url: 'https://example.com/x' }] });
  it('refuses a held or WeChat-blocked domain for a new code, naming the domain and its state', async () => {
    await refusedUnchanged('qr_code_list/add', add(SEEDED.reserve1), tok.customer01, 409, /reserve1\.example\.com.*on hold/);
    await refusedUnchanged('qr_code_list/add', add(4), tok.customer01, 409, /blocked1\.example\.com.*blocked by WeChat/);
  });

  it('refuses moving codes onto a blocked, held or their own domain; moving off a blocked one works', async () => {
    await refusedUnchanged('qr_code_list/change_domain_name', { ids: [SEEDED.demo01], domain_id: 4 }, tok.customer01, 409, /blocked1\.example\.com/);
    await refusedUnchanged('qr_code_list/change_domain_name', { ids: [SEEDED.demo01], domain_id: SEEDED.reserve1 }, tok.customer01, 409, /on hold/);
    const on = domainOf(SEEDED.demo01);
    await refusedUnchanged('qr_code_list/change_domain_name', { ids: [SEEDED.demo01], domain_id: on }, tok.customer01, 409, /already on/);
    await refusedUnchanged('qr_code_list/change_domain_name', { from_domain_id: on, domain_id: on }, tok.customer01, 409, /already on/);
    // The blocked domain's codes move to a usable one (the source may be blocked: that is why they move).
    updateQrCode(t.db, SEEDED.demo02, { domain_id: 4 });
    const moved = ok<{ updated: number }>(await t.call('qr_code_list/change_domain_name', { from_domain_id: 4, domain_id: SEEDED.entry1 }, tok.customer01));
    expect(moved.updated).toBeGreaterThanOrEqual(1);
    expect(domainOf(SEEDED.demo02)).toBe(SEEDED.entry1);
  });

  it('says the refusal in the caller’s language', async () => {
    const res = await t.call('qr_code_list/add', add(SEEDED.reserve1), tok.customer01, 'zh-CN');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('reserve1.example.com');
    expect(res.body.message).toContain('持有');
  });
});

describe('the server’s today for public pages (point 6)', () => {
  it('website_info answers today on the server’s calendar', async () => {
    const info = ok<{ today: string }>(await t.call('website_info/inquire', {}));
    expect(info.today).toBe(dayOf(QR_NOW));
    expect(info.today).toBe(TODAY);
  });
});
