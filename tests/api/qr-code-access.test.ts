import { describe, expect, it } from 'vitest';
import type { AccessRecord, ClearBatch, DailyCounter, Page, QrCode, StealingRecord, VisitorRecord } from '../../contracts/index.ts';
import { ok, refusalChecker, refused, SEEDED, useQrServer } from '../helpers/qr.ts';
import { rowsOf, valuesOf } from '../../fixtures/rows.ts';

/** qr_code_access/* and stealing/* through the real server; the seed's demo visits fall on 2026-06-13..15. */
const { t, tok } = useQrServer();

const records = (body: object, token = tok.customer01) => t.call('qr_code_access/inquire', body, token).then((r) => ok<Page<AccessRecord>>(r));
const code = (id: number) => t.call('qr_code_list/details', { id }, tok.customer01).then((r) => ok<QrCode>(r));
const refusedUnchanged = refusalChecker(() => t);

describe('qr_code_access/inquire', () => {
  it('lists a code\'s log newest first with the §3 details; total is the record count', async () => {
    const page = await records({ qr_code_id: SEEDED.demo01, page_size: 20 });
    expect(page.total).toBe(160);
    expect(page.content).toHaveLength(20);
    const times = page.content.map((r) => r.create_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.content[0]).toMatchObject({ qr_code_id: 1, domain: 'entry1.example.com', ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) });
    const heavy = page.content.find((r) => r.ip === '39.128.10.21');
    if (heavy) expect(heavy).toMatchObject({ ip_belong: '中国 广东 深圳 移动', carrier: 'mobile', country: '中国', source: 'iPhone;iOS 17.2;WeChat 8.0.44' });
  });

  it('filters by IP and time and counts what matches', async () => {
    const mine = await records({ qr_code_id: SEEDED.demo01, ip: '39.128.10.21', page_size: 200 });
    expect(mine.total).toBe(mine.content.length);
    expect(mine.total).toBeGreaterThan(20);
    expect(new Set(mine.content.map((r) => r.ip))).toEqual(new Set(['39.128.10.21']));
    const today = await records({ qr_code_id: SEEDED.demo01, start_time: '2026-06-15 00:00:00', end_time: '2026-06-15 23:59:59', page_size: 200 });
    expect(today.content.every((r) => r.create_time.startsWith('2026-06-15'))).toBe(true);
    const unknown = (await records({ qr_code_id: SEEDED.demo01, ip: '203.0.113.50', page_size: 1 })).content[0];
    if (unknown) expect(unknown).toMatchObject({ ip_belong: '', carrier: '', country: '' });
  });

  it('an administrator reads any log; a customer only their own', async () => {
    expect((await records({ qr_code_id: SEEDED.c2code01 }, tok.admin)).total).toBe(25);
    await refusedUnchanged('qr_code_access/inquire', { qr_code_id: SEEDED.c2code01 }, tok.customer01, 404, 'Not found');
    await refusedUnchanged('qr_code_access/inquire', { qr_code_id: 999 }, tok.customer01, 404);
    refused(await t.call('qr_code_access/inquire', { qr_code_id: 1 }), 401);
  });

  it.each<[string, object, RegExp]>([
    ['no code', {}, /^qr_code_id: /],
    ['an IP that is not IPv4', { qr_code_id: 1, ip: '1.2.3.999' }, /^ip: ip address invalid, please re-enter/],
    ['a bad time', { qr_code_id: 1, start_time: '2026-06-15' }, /^start_time: Enter a date and time such as/],
    ['the id as a string', { qr_code_id: '1' }, /^qr_code_id: /],
  ])('refuses %s', async (_n, body, message) => {
    refused(await t.call('qr_code_access/inquire', body, tok.customer01), 400, message);
  });
});

describe('qr_code_access/export_access_records', () => {
  it('hands the whole log out in chunks with a cursor and a total', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let total = 0;
    for (let i = 0; i < 10; i++) {
      const chunk = ok<{ content: AccessRecord[]; total: number; next_cursor: string | null }>(
        await t.call('qr_code_access/export_access_records', { qr_code_id: SEEDED.demo01, limit: 70, ...(cursor ? { cursor } : {}) }, tok.customer01),
      );
      total = chunk.total;
      seen.push(...chunk.content.map((r) => r.id));
      if (!chunk.next_cursor) break;
      cursor = chunk.next_cursor;
    }
    expect(total).toBe(160);
    expect(seen).toHaveLength(160);
    expect(new Set(seen).size).toBe(160);
    const firstPage = await records({ qr_code_id: SEEDED.demo01, page_size: 70 });
    expect(seen.slice(0, 70)).toEqual(firstPage.content.map((r) => r.id));
  });

  it.each<[string, object, number]>([
    ['another customer\'s code', { qr_code_id: SEEDED.c2code01 }, 404],
    ['a bad cursor', { qr_code_id: 1, cursor: 'abc' }, 400],
    ['a chunk over 10000', { qr_code_id: 1, limit: 10_001 }, 400],
  ])('refuses %s', async (_n, body, status) => {
    refused(await t.call('qr_code_access/export_access_records', body, tok.customer01), status);
  });
});

describe('qr_code_access/public_enquiry (public)', () => {
  const base = {
    key: 'share01',
    file_name: 'demo01',
    domain: '',
    ip_list: ['39.128.10.21', '112.224.5.7', '112.224.5.99', '8.8.4.4'],
    start_time: '2026-06-13 00:00:00',
    end_time: '2026-06-15 23:59:59',
  };

  it('answers one §3 visitor record per visiting IP, latest first, consistent with the log', async () => {
    const { content } = ok<{ content: VisitorRecord[] }>(await t.call('qr_code_access/public_enquiry', base));
    expect(content.map((v) => v.ip).sort()).toEqual(['112.224.5.7', '112.224.5.99', '39.128.10.21']);
    for (const v of content) {
      expect(Object.keys(v).sort()).toEqual(['domain', 'ip', 'ip_count', 'latest_create_time', 'latest_ip_belong', 'latest_source', 'latest_user_agent']);
      const log = await records({ qr_code_id: SEEDED.demo01, ip: v.ip, start_time: base.start_time, end_time: base.end_time, page_size: 200 });
      expect(v.ip_count).toBe(log.total);
      expect(v.latest_create_time).toBe(log.content[0]!.create_time);
      expect(v.latest_user_agent).toBe(log.content[0]!.user_agent);
    }
    const heavy = content.find((v) => v.ip === '39.128.10.21')!;
    expect(heavy).toMatchObject({ domain: 'entry1.example.com', latest_ip_belong: '中国 广东 深圳 移动', latest_source: 'iPhone;iOS 17.2;WeChat 8.0.44' });
    expect(content.map((v) => v.latest_create_time)).toEqual(content.map((v) => v.latest_create_time).sort().reverse());
  });

  it('narrows to a domain and to a day', async () => {
    expect(ok<{ content: unknown[] }>(await t.call('qr_code_access/public_enquiry', { ...base, domain: 'land1.example.com' })).content).toEqual([]);
    expect(ok<{ content: unknown[] }>(await t.call('qr_code_access/public_enquiry', { ...base, domain: 'ENTRY1.example.com' })).content).toHaveLength(3);
    const day = ok<{ content: VisitorRecord[] }>(await t.call('qr_code_access/public_enquiry', { ...base, start_time: '2026-06-15 00:00:00' })).content;
    for (const v of day) expect(v.latest_create_time.startsWith('2026-06-15')).toBe(true);
  });

  it.each<[string, object, number, RegExp]>([
    // One answer for every failure (which codes exist is not told), worded for the visitor who typed them.
    ['a wrong key', { key: 'nope' }, 404, /^No QR code matches this code and share password: check both and try again$/],
    ['another code\'s key', { key: 'share06' }, 404, /^No QR code matches this code and share password/],
    ['an unknown code', { file_name: 'zzzz' }, 404, /^No QR code matches this code and share password/],
    ['no key', { key: undefined }, 400, /^key: /],
    ['no IPs', { ip_list: [] }, 400, /^ip_list: please enter the IP to query$/],
    ['an IP that is not IPv4', { ip_list: ['39.128.10.21', '1.2.3'] }, 400, /^ip_list\.1: ip address invalid, please re-enter$/],
    ['an IPv6 address', { ip_list: ['::1'] }, 400, /^ip_list\.0: ip address invalid/],
    ['201 IPs', { ip_list: Array.from({ length: 201 }, (_, i) => `10.0.${i >> 8}.${i & 255}`) }, 400, /^ip_list: at most 200 IPs per search$/],
    ['no start time', { start_time: undefined }, 400, /^start_time: please enter the time to search$/],
    ['a start not at midnight', { start_time: '2026-06-13 08:00:00' }, 400, /^start_time: the start time must be 'YYYY-MM-DD 00:00:00'$/],
    ['an end not at 23:59:59', { end_time: '2026-06-15 00:00:00' }, 400, /^end_time: the end time must be/],
    ['an impossible date', { start_time: '2026-02-30 00:00:00' }, 400, /^start_time: the start time must be/],
    ['a start after the end', { start_time: '2026-06-15 00:00:00', end_time: '2026-06-13 23:59:59' }, 400, /^start_time: the start date is after the end date$/],
    ['more than 7 days', { start_time: '2026-06-08 00:00:00', end_time: '2026-06-15 23:59:59' }, 400, /^end_time: dates must be within the last 7 days up to today$/],
    ['7 days ending before the lookback', { start_time: '2026-06-01 00:00:00', end_time: '2026-06-07 23:59:59' }, 400, /^start_time: dates must be within the last 7 days/],
    ['a day after today', { start_time: '2026-06-14 00:00:00', end_time: '2026-06-16 23:59:59' }, 400, /^end_time: dates must be within the last 7 days/],
    ['an unknown field', { page: 1 }, 400, /^page: This page sent/],
  ])('refuses %s', async (_n, over, status, message) => {
    refused(await t.call('qr_code_access/public_enquiry', { ...base, ...over }), status, message);
  });

  it('accepts exactly the last 7 days up to today', async () => {
    ok(await t.call('qr_code_access/public_enquiry', { ...base, start_time: '2026-06-09 00:00:00', end_time: '2026-06-15 23:59:59' }));
  });

  it('answers in Chinese for zh-CN', async () => {
    refused(await t.call('qr_code_access/public_enquiry', { ...base, ip_list: ['x'] }, undefined, 'zh-CN'), 400, /^ip_list\.0: ip 地址无效，请重新输入$/);
  });
});

describe('clearing, recovering and permanently removing the log', () => {
  it('clear_access_history moves records to a batch, counters stay, restore puts them back', async () => {
    const before = await code(SEEDED.demo02);
    const daily = rowsOf(t.db, 'qr_code_daily', { qr_code_id: SEEDED.demo02 }, { orderBy: 'day' });
    const cleared = ok<{ cleared: number; batch_id: number }>(
      await t.call('qr_code_access/clear_access_history', { qr_code_id: SEEDED.demo02, start_time: '2026-06-15 00:00:00', end_time: '2026-06-15 23:59:59' }, tok.customer01),
    );
    expect(cleared.cleared).toBeGreaterThan(0);
    const after = await code(SEEDED.demo02);
    expect(after.record_count).toBe(before.record_count - cleared.cleared);
    expect([after.view_number, after.ip_view_number]).toEqual([before.view_number, before.ip_view_number]);
    expect(rowsOf(t.db, 'qr_code_daily', { qr_code_id: SEEDED.demo02 }, { orderBy: 'day' })).toEqual(daily);
    expect((await records({ qr_code_id: SEEDED.demo02, start_time: '2026-06-15 00:00:00', page_size: 200 })).total).toBe(0);

    const batches = ok<Page<ClearBatch>>(await t.call('qr_code_access/cleared_inquire', {}, tok.customer01));
    expect(batches.content[0]).toMatchObject({ id: cleared.batch_id, qr_code_id: SEEDED.demo02, file_name: 'demo02', record_count: cleared.cleared, clear_time: '2026-06-15 12:00:00' });
    expect(ok<Page<ClearBatch>>(await t.call('qr_code_access/cleared_inquire', {}, tok.customer02)).total).toBe(0);

    await refusedUnchanged('qr_code_access/restore_access_records', { ids: [cleared.batch_id] }, tok.customer02, 404);
    expect(ok(await t.call('qr_code_access/restore_access_records', { ids: [cleared.batch_id] }, tok.customer01))).toEqual({ restored: cleared.cleared });
    expect((await code(SEEDED.demo02)).record_count).toBe(before.record_count);
    expect((await records({ qr_code_id: SEEDED.demo02, page_size: 200 })).content.map((r) => r.id).sort()).toEqual(
      valuesOf<number>(t.db, 'access_records', 'id', { qr_code_id: SEEDED.demo02 }).map(Number).sort(),
    );
  });

  it('clear_record deletes a cleared batch for good', async () => {
    const { batch_id, cleared } = ok<{ cleared: number; batch_id: number }>(await t.call('qr_code_access/clear_access_history', { qr_code_id: SEEDED.demo02 }, tok.customer01));
    expect((await code(SEEDED.demo02)).record_count).toBe(0);
    await refusedUnchanged('qr_code_access/clear_record', { ids: [batch_id, 999] }, tok.customer01, 404);
    expect(ok(await t.call('qr_code_access/clear_record', { ids: [batch_id] }, tok.customer01))).toEqual({ removed: cleared });
    await refusedUnchanged('qr_code_access/restore_access_records', { ids: [batch_id] }, tok.customer01, 404);
    expect(ok(await t.call('qr_code_access/clear_access_history', { qr_code_id: SEEDED.demo02 }, tok.customer01))).toEqual({ cleared: 0, batch_id: null });
  });

  it.each<[string, string, object, number]>([
    ['clearing another customer\'s log', 'qr_code_access/clear_access_history', { qr_code_id: SEEDED.c2code01 }, 404],
    ['clearing with a bad time', 'qr_code_access/clear_access_history', { qr_code_id: 1, end_time: 'yesterday' }, 400],
    ['restoring nothing', 'qr_code_access/restore_access_records', { ids: [] }, 400],
    ['restoring 501 batches', 'qr_code_access/restore_access_records', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 400],
  ])('refuses %s', async (_n, path, body, status) => {
    await refusedUnchanged(path, body, tok.customer01, status);
  });
});

describe('qr_code_access/daily', () => {
  it('answers every day of the range, zeros included, matching the visits', async () => {
    const { content } = ok<{ content: DailyCounter[] }>(await t.call('qr_code_access/daily', { qr_code_id: SEEDED.demo01, start_date: '2026-06-11', end_date: '2026-06-15' }, tok.customer01));
    expect(content.map((d) => d.day)).toEqual(['2026-06-11', '2026-06-12', '2026-06-13', '2026-06-14', '2026-06-15']);
    // Demo visits span the three days before the clock (2026-06-12 12:00 to 06-15 12:00).
    expect(content[0]).toEqual({ day: '2026-06-11', view_number: 0, ip_view_number: 0 });
    expect(content[1]!.view_number).toBeGreaterThan(0);
    expect(content.reduce((n, d) => n + d.view_number, 0)).toBe((await code(SEEDED.demo01)).view_number);
    for (const d of content) expect(d.ip_view_number).toBeLessThanOrEqual(d.view_number);
  });

  it.each<[string, object, number]>([
    ['another customer\'s code', { qr_code_id: SEEDED.c2code01, start_date: '2026-06-01', end_date: '2026-06-15' }, 404],
    ['a start after the end', { qr_code_id: 1, start_date: '2026-06-15', end_date: '2026-06-01' }, 400],
    ['more than 366 days', { qr_code_id: 1, start_date: '2025-01-01', end_date: '2026-06-15' }, 400],
    ['a bad date', { qr_code_id: 1, start_date: '2026-13-01', end_date: '2026-06-15' }, 400],
  ])('refuses %s', async (_n, body, status) => {
    refused(await t.call('qr_code_access/daily', body, tok.customer01), status);
  });
});

describe('stealing/* (refused visits)', () => {
  it('lists refused visits of the caller\'s codes and deletes them', async () => {
    const res = await fetch(`${t.url}/v/demo03`, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120', 'x-forwarded-for': '104.16.8.9' } });
    expect(res.status).toBe(403);
    const page = ok<Page<StealingRecord>>(await t.call('stealing/inquire', { qr_code_id: SEEDED.demo03 }, tok.customer01));
    expect(page.content[0]).toMatchObject({ file_name: 'demo03', ip: '104.16.8.9', ip_belong: '美国 旧金山', reason: 1, create_time: '2026-06-15 12:00:00' });
    expect(ok<Page<StealingRecord>>(await t.call('stealing/inquire', {}, tok.customer02)).total).toBe(0);
    await refusedUnchanged('stealing/remove', { ids: [page.content[0]!.id] }, tok.customer02, 404);
    expect(ok(await t.call('stealing/remove', { ids: [page.content[0]!.id] }, tok.customer01))).toEqual({ removed: 1 });
    refused(await t.call('stealing/inquire', { ip: '1.2.3' }, tok.customer01), 400, /^ip: /);
  });
});
