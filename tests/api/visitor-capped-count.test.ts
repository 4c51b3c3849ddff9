import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { AsyncOperationStatus, COUNT_CAP, type AsyncOperation, type CappedPage, type VisitorRow } from '../../contracts/index.ts';
import type { TestServer } from '../../harness/server.ts';
import { liveVisitorRows, liveVisitorRowsWithAgent } from '../../fixtures/statistics.ts';
import { startBulkSeededServer, type BulkSeededServer } from '../helpers/bulk-server.ts';
import { manualClock } from '../helpers/clock.ts';
import { control } from '../helpers/control.ts';
import { ok, QR_NOW } from '../helpers/qr.ts';

/**
 * Capped counts (issue 25, docs/decisions/2026-11-26-capped-counts.md) through a real SQLite file and a real
 * HTTP server: the bulk seeder leaves more than COUNT_CAP WeChat visitors, so a WeChat-filtered visitor list
 * answers `total: COUNT_CAP, total_capped: true` and still pages past the cap; smaller and unfiltered lists
 * keep their exact totals with `total_capped: false`.
 */
let bulk: BulkSeededServer;
let t: TestServer;
let admin: string;
let customer: string;
const clock = manualClock(QR_NOW);

beforeAll(async () => {
  // 200,000 records at 5 visits per IP: about 40,000 visitors, a third of them on a WeChat user agent.
  bulk = await startBulkSeededServer('capped-count', clock, { records: 200_000, bigRecords: 100_000, codes: 2, days: 30, seed: 7 });
  t = bulk.t;
  admin = await t.login('admin01');
  customer = await t.login('customer01');
}, 120_000);
afterAll(() => bulk.close());

const list = async (token: string, body: object) => ok<CappedPage<VisitorRow>>(await t.call('visitor/inquire', { page_size: 20, ...body }, token));

describe('visitor/inquire: a capped count', () => {
  it('more matches than the cap: total is the cap, total_capped says so, the page is the newest 20 matches', async () => {
    expect(liveVisitorRowsWithAgent(t.db, 'MicroMessenger')).toBeGreaterThan(COUNT_CAP);
    for (const token of [admin, customer]) {
      const page = await list(token, { filter: 'wechat' });
      expect(page.total).toBe(COUNT_CAP);
      expect(page.total_capped).toBe(true);
      expect(page.content).toHaveLength(20);
      for (const r of page.content) expect(r.latest_user_agent).toContain('MicroMessenger');
      const times = page.content.map((r) => r.latest_create_time);
      expect([...times].sort().reverse()).toEqual(times);
    }
  });

  it('pages go on past the cap, each continuing the one before', async () => {
    const beyond = COUNT_CAP / 20 + 6; // page 506: rows 10,101–10,120, the second half of page 253 of 40
    const wide = await list(admin, { filter: 'wechat', page: beyond / 2, page_size: 40 });
    const next = await list(admin, { filter: 'wechat', page: beyond });
    expect(next.content).toHaveLength(20);
    expect(next.total_capped).toBe(true);
    expect(next.content.map((r) => r.id)).toEqual(wide.content.slice(20).map((r) => r.id));
    for (const r of next.content) expect(r.latest_user_agent).toContain('MicroMessenger');
  });

  it('fewer matches than the cap: the exact total and total_capped false', async () => {
    const first = (await list(admin, { filter: 'wechat' })).content[0]!;
    const one = await list(admin, { filter: 'wechat', ip: first.ip });
    expect(one.total_capped).toBe(false);
    expect(one.total).toBe(one.content.length);
    expect(one.content.map((r) => r.ip)).toContain(first.ip);
  });

  it('a CSV export job of a capped list runs past the cap to its last match', async () => {
    const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'visitor/inquire', filters: { filter: 'wechat' } }, admin));
    let status: number = job.status;
    for (let i = 0; i < 20 && status === AsyncOperationStatus.values.in_progress; i++) {
      const stepped = await control(t, 'job_step', { id: job.id, count: 20 });
      status = stepped.jobs.find((j) => j.id === job.id)?.status ?? status;
    }
    expect(status).toBe(AsyncOperationStatus.values.completed);
    const file = ok<{ content: string }>(await t.call('async_operations/download', { id: job.id }, admin));
    const rows = Papa.parse<Record<string, string>>(file.content.slice(1).trim(), { header: true }).data;
    expect(rows.length).toBe(liveVisitorRowsWithAgent(t.db, 'MicroMessenger'));
    expect(rows.length).toBeGreaterThan(COUNT_CAP);
  });

  it('an unfiltered list keeps its exact total (a maintained counter) above the cap', async () => {
    const all = await list(admin, {});
    expect(all.total).toBe(liveVisitorRows(t.db));
    expect(all.total).toBeGreaterThan(COUNT_CAP);
    expect(all.total_capped).toBe(false);
  });
});
