import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  AsyncOperationStatus,
  AsyncOperationType,
  CONTROL_PREFIX,
  PAGE_SIZE_MAX,
  type AsyncOperation,
  type ControlAnswer,
  type Page,
  type QrCode,
} from '../../contracts/index.ts';
import { ok, QR_LOGINS, QR_NOW, refusalChecker, refused, SEEDED } from '../helpers/qr.ts';
import { manualClock } from '../helpers/clock.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { TEST_SCRYPT } from '../../mock-server/services/passwords.ts';
import { startTestServer } from '../../harness/server.ts';
import { updateUser } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Async operations through the real HTTP server and SQLite: export jobs paging a list call as their user,
 * batch updates over the threshold, the list's owner scope, download for the operating user only, and
 * every step moved by the control API (test mode runs no timers).
 */
const clock = manualClock(QR_NOW);
const { t, tok } = useApiServer({ clock, jobs: { batchThreshold: 2 } }, QR_LOGINS);

const { in_progress: RUNNING, completed: DONE, abnormal: ABNORMAL } = AsyncOperationStatus.values;
const refusedUnchanged = refusalChecker(() => t);

async function jobStep(url: string, body: { id?: number; count?: number } = {}): Promise<ControlAnswer<'job_step'>> {
  const res = await fetch(`${url}${CONTROL_PREFIX}/job_step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: ControlAnswer<'job_step'> }).data;
}
const jobs = (token: string, body: object = {}) => t.call('async_operations/inquire', { page_size: 200, ...body }, token).then((r) => ok<Page<AsyncOperation>>(r));
const download = (id: number, token: string) => t.call('async_operations/download', { id }, token);
const csvRows = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<Record<string, string>>(text.slice(1).trim(), { header: true }).data;
};

describe('async_operations/export', () => {
  it('pages through the list as its user: a customer exports only their own codes, and only they may fetch it', async () => {
    const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'qr_code_list/inquire', filters: {} }, tok.customer01));
    expect(job).toMatchObject({ type: AsyncOperationType.values.csv_export, status: RUNNING, progress: 0, link: '', account: 'customer01' });
    // Nothing runs until stepped (test mode): the row waits in progress.
    expect((await jobs(tok.customer01)).content.find((j) => j.id === job.id)?.status).toBe(RUNNING);
    refused(await download(job.id, tok.customer01), 404);

    clock.advance(90_000); // the virtual clock: the step is stamped with it
    expect(await jobStep(t.url, { id: job.id })).toEqual({ stepped: 1, jobs: [{ id: job.id, status: DONE, progress: 100 }] });
    const done = (await jobs(tok.customer01)).content.find((j) => j.id === job.id)!;
    expect(done).toMatchObject({ status: DONE, progress: 100, message: '4 rows exported', link: `async_operations/download?id=${job.id}` });
    expect([done.create_time, done.update_time]).toEqual([formatDateTime(QR_NOW), formatDateTime(QR_NOW + 90_000)]);

    const file = ok<{ file_name: string; content: string }>(await download(job.id, tok.customer01));
    expect(file.file_name).toBe(`qr_code_list-inquire-${job.id}.csv`);
    const rows = csvRows(file.content);
    expect(rows.map((r) => r.file_name).sort()).toEqual(['demo01', 'demo02', 'demo03', 'demo04']);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(['4']));
    // Not even an administrator fetches someone else's export (the file is that user's view).
    refused(await download(job.id, tok.customer02), 404);
    refused(await download(job.id, tok.admin), 404);
  });

  it('a list larger than a page takes one step per page, with progress in between, filters applied', async () => {
    const superadmin = await t.login('superadmin');
    for (let i = 0; i < 450; i++) {
      ok(await t.call('url_key_platform/add', { name: `bulk-${i}`, url: `https://p${i}.example/`, short_code_type: 4, show_status: i % 3 === 0 ? 2 : 1 }, superadmin));
    }
    const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'bulk-' } }, tok.admin));
    const progress: number[] = [];
    for (;;) {
      const [state] = (await jobStep(t.url, { id: job.id })).jobs;
      progress.push(state!.progress);
      if (state!.status !== RUNNING) break;
    }
    expect(progress).toEqual([44, 88, 100]); // 200, 400, 450 of 450 rows
    const rows = csvRows(ok<{ content: string }>(await download(job.id, tok.admin)).content);
    expect(rows).toHaveLength(450);
    expect(new Set(rows.map((r) => r.name)).size).toBe(450);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'name', 'url', 'key', 'short_code_type', 'show_status', 'sort', 'remark', 'create_time']);

    const hidden = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'bulk-', show_status: 2 } }, tok.admin));
    await jobStep(t.url, { id: hidden.id, count: 10 });
    expect(csvRows(ok<{ content: string }>(await download(hidden.id, tok.admin)).content)).toHaveLength(150);
    expect(PAGE_SIZE_MAX).toBe(200);
  });

  it('cells that look like formulas stay text in a spreadsheet', async () => {
    ok(await t.call('url_key_platform/add', { name: '=HYPERLINK("http://evil")', url: 'https://f.example/', short_code_type: 4 }, await t.login('superadmin')));
    const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'HYPERLINK' } }, tok.admin));
    await jobStep(t.url, { id: job.id });
    expect(ok<{ content: string }>(await download(job.id, tok.admin)).content).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it.each([
    ['an unknown call', { path: 'nothing/inquire' }, tok_('customer01'), 400, /^path: not a list that can be exported$/],
    ['a call that is not a list', { path: 'admin/user_info' }, tok_('customer01'), 400, /^path: not a list/],
    ['a malformed path', { path: '../etc/passwd' }, tok_('customer01'), 400, /^path: /],
    ['a list the caller may not read', { path: 'qr_code_list/user_inquire' }, tok_('customer01'), 403, 'You do not have permission for this operation'],
    ['a filter the list refuses', { path: 'qr_code_list/inquire', filters: { domain_id: 'x' } }, tok_('customer01'), 400, /^filters\.domain_id: /],
    ['a filter the list does not know', { path: 'qr_code_list/inquire', filters: { nope: 1 } }, tok_('customer01'), 400, /nope/],
    ['no token', { path: 'qr_code_list/inquire' }, () => undefined, 401, undefined],
  ])('refuses %s and starts nothing', async (_name, body, token, status, message) => {
    await refusedUnchanged('async_operations/export', body, token(), status, message);
  });

  it('a user who lost access meanwhile gets an abnormal job, not a file', async () => {
    const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'qr_code_list/inquire' }, tok.customer02));
    updateUser(t.db, 'customer02', { disable: 2 });
    try {
      expect((await jobStep(t.url, { id: job.id })).jobs).toEqual([{ id: job.id, status: ABNORMAL, progress: 0 }]);
    } finally {
      updateUser(t.db, 'customer02', { disable: 1 });
    }
  });
});

/** The tokens exist only once beforeAll ran: table rows take them lazily. */
function tok_(name: keyof typeof tok) {
  return () => tok[name];
}

describe('qr_code_list/batch_update over the threshold', () => {
  const ids = [SEEDED.demo01, SEEDED.demo02, SEEDED.demo03];
  const codes = async () => ok<Page<QrCode>>(await t.call('qr_code_list/inquire', { page_size: 50 }, tok.customer01)).content.filter((q) => ids.includes(q.id as 1 | 2 | 3));

  it('checks everything at once, then updates step by step in a job', async () => {
    const answer = ok<{ updated: number; job_id: number }>(await t.call('qr_code_list/batch_update', { ids, fields: { jump_type: 5 } }, tok.customer01));
    expect(answer.updated).toBe(0);
    expect((await codes()).map((q) => q.jump_type)).not.toContain(5);
    await jobStep(t.url, { id: answer.job_id, count: 100 });
    expect((await codes()).map((q) => q.jump_type)).toEqual([5, 5, 5]);
    const job = (await jobs(tok.customer01, { type: AsyncOperationType.values.qr_batch_update, status: DONE })).content.find((j) => j.id === answer.job_id);
    expect(job).toMatchObject({ progress: 100, message: '3 QR codes updated', link: '' });
  });

  it('all or none: one foreign id answers 404 and starts no job', async () => {
    await refusedUnchanged('qr_code_list/batch_update', { ids: [...ids, SEEDED.c2code01], fields: { jump_type: 2 } }, tok.customer01, 404);
  });

  it('at or under the threshold it stays one request', async () => {
    expect(ok(await t.call('qr_code_list/batch_update', { ids: ids.slice(0, 2), fields: { jump_type: 1 } }, tok.customer01))).toEqual({ updated: 2 });
  });
});

describe('async_operations/inquire', () => {
  it('a customer sees only their own jobs; an administrator sees everyone\'s', async () => {
    const own = await jobs(tok.customer01);
    expect(own.total).toBeGreaterThan(0);
    expect(new Set(own.content.map((j) => j.account))).toEqual(new Set(['customer01']));
    const all = await jobs(tok.admin);
    expect(new Set(all.content.map((j) => j.account))).toEqual(new Set(['customer01', 'customer02', 'admin01']));
    expect(all.content.map((j) => j.id)).toEqual([...all.content.map((j) => j.id)].sort((a, b) => b - a));
  });

  it('filters by type, status and creation time; messages follow the reader\'s language', async () => {
    const abnormal = await jobs(tok.customer01, { status: ABNORMAL });
    expect(abnormal.content.map((j) => j.message)).toContain('Interrupted: the server stopped while this job was running');
    const zh = ok<Page<AsyncOperation>>(await t.call('async_operations/inquire', { status: ABNORMAL }, tok.customer01, 'zh-CN'));
    expect(zh.content.map((j) => j.message)).toContain('异常：任务运行时服务器停止了');
    const seeded = await jobs(tok.admin, { start_time: '2026-01-01 00:00:00', end_time: '2026-01-01 23:59:59' });
    expect(seeded.total).toBe(4);
    const exports = await jobs(tok.admin, { type: AsyncOperationType.values.csv_export });
    expect(exports.content.every((j) => j.type === AsyncOperationType.values.csv_export)).toBe(true);
  });

  it.each([
    ['status', { status: 9 }, /^status: /],
    ['start_time', { start_time: '2026-13-01' }, /^start_time: /],
  ])('a bad %s answers 400 naming it', async (_f, body, message) => {
    refused(await t.call('async_operations/inquire', body, tok.customer01), 400, message);
  });
});

describe('the runner off the request path', () => {
  it('a control reset while a job runs drops it: stepping finds nothing, nothing breaks', async () => {
    const other = await startTestServer();
    try {
      const job = ok<AsyncOperation>(await other.call('async_operations/export', { path: 'message/inquire' }, await other.login('customer01')));
      const reset = await fetch(`${other.url}${CONTROL_PREFIX}/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(reset.status).toBe(200);
      expect(await jobStep(other.url, { id: job.id })).toEqual({ stepped: 0, jobs: [] });
      expect(ok<Page<AsyncOperation>>(await other.call('async_operations/inquire', {}, await other.login('admin01'))).total).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('in dev mode steps run on timers until the job ends', async () => {
    const dev = await startTestServer({ mode: 'dev', scrypt: TEST_SCRYPT });
    try {
      const token = await dev.login('customer01');
      const job = ok<AsyncOperation>(await dev.call('async_operations/export', { path: 'message/inquire' }, token));
      let status: number = RUNNING;
      for (let i = 0; i < 100 && status === RUNNING; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = ok<Page<AsyncOperation>>(await dev.call('async_operations/inquire', {}, token)).content.find((j) => j.id === job.id)!.status;
      }
      expect(status).toBe(DONE);
    } finally {
      await dev.close();
    }
  });
});
