import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AsyncOperationStatus, CONTROL_PREFIX, type AsyncOperation, type Page } from '../../contracts/index.ts';
import os from 'node:os';
import path from 'node:path';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { seedBulk } from '../../scripts/seed-bulk.ts';
import { killChild, openSession, startChild, type Child } from '../../harness/robustness/crash.ts';
import { seedUser } from '../../harness/robustness/identities.ts';
import { rowOf } from '../../fixtures/rows.ts';

/**
 * A job interrupted by SIGKILL is never left "in progress": the mock server runs as a child process on a
 * SQLite file, an export job is stepped half way (one page of two written), the process is killed, and after
 * a restart the row is abnormal with the interruption message and its partial file is gone (issue 21: it used
 * to stay on disk). A job queued behind it that never took a step is not "interrupted": it is resumed.
 */
const children: Child[] = [];
afterAll(async () => {
  for (const c of children) await killChild(c);
});

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

describe('jobs after a crash', () => {
  it('a job running when the server is killed is abnormal after the restart', async () => {
    const { session, child } = await openSession();
    children.push(child);
    const token = session.adminToken;
    for (let i = 0; i < 250; i++) {
      expect((await post(child.url, '/api/url_key_platform/add', { name: `crash-${i}`, url: `https://c${i}.example/`, short_code_type: 4 }, token)).status).toBe(200);
    }
    const job = (await post<AsyncOperation>(child.url, '/api/async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'crash-' } }, token)).data;
    const stepped = await post<{ jobs: { status: number; progress: number }[] }>(child.url, `${CONTROL_PREFIX}/job_step`, { id: job.id });
    expect(stepped.data.jobs).toEqual([{ id: job.id, status: AsyncOperationStatus.values.in_progress, progress: 80 }]);
    // A second export waits behind it, never started.
    const queued = (await post<AsyncOperation>(child.url, '/api/async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'crash-1' } }, token)).data;

    await killChild(child);
    const raw = new Database(session.dbFile, { readonly: true });
    const left = rowOf<{ status: number; file: string }>(raw, 'async_operations', job.id, ['status', 'file'])!;
    raw.close();
    expect(left.status).toBe(AsyncOperationStatus.values.in_progress); // what the killed server left behind
    expect(fs.existsSync(left.file)).toBe(true); // with half a CSV

    const again = await startChild(session.dbFile);
    children.push(again);
    const list = (await post<Page<AsyncOperation>>(again.url, '/api/async_operations/inquire', { status: AsyncOperationStatus.values.abnormal }, token)).data;
    expect(list.content.find((j) => j.id === job.id)).toMatchObject({
      status: AsyncOperationStatus.values.abnormal,
      progress: 80,
      message: 'Interrupted: the server stopped while this job was running',
    });
    expect((await post(again.url, '/api/async_operations/download', { id: job.id }, token)).status).toBe(404);
    expect(fs.existsSync(left.file)).toBe(false); // the partial CSV is removed
    // The interrupted job is not resumed behind the user's back: stepping it finds nothing.
    expect((await post<{ stepped: number }>(again.url, `${CONTROL_PREFIX}/job_step`, { id: job.id })).data.stepped).toBe(0);
    // The queued one is still waiting (not "interrupted") and runs to the end: crash-1, crash-10 … crash-199.
    const waiting = (await post<Page<AsyncOperation>>(again.url, '/api/async_operations/inquire', {}, token)).data.content.find((j) => j.id === queued.id);
    expect(waiting).toMatchObject({ status: AsyncOperationStatus.values.in_progress, progress: 0 });
    const done = await post<{ jobs: { status: number }[] }>(again.url, `${CONTROL_PREFIX}/job_step`, { id: queued.id, count: 3 });
    expect(done.data.jobs).toMatchObject([{ id: queued.id, status: AsyncOperationStatus.values.completed }]);
    const csv = await fetch(`${again.url}/api/async_operations/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ id: queued.id }),
    });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('crash-1').length - 1).toBe(111);
    await killChild(again);
    const check = new Database(session.dbFile, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    fs.rmSync(session.dir, { recursive: true, force: true });
  }, 90_000);

  it('a job running on timers (dev mode) when SIGKILL comes is abnormal after the restart, not resumed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-crash-'));
    const dbFile = path.join(dir, 'mock.db');
    // Enough access records that the export is still running when the kill comes (hundreds of steps).
    const bulk = seedBulk({ db: dbFile, records: 60_000, bigRecords: 60_000, codes: 1, days: 7, fresh: true, log: () => {} });
    bulk.db.close();
    const child = await startChild(dbFile, 30_000, 'dev');
    children.push(child);
    const { spki } = (await post<{ spki: string }>(child.url, '/api/security/public_key', {})).data;
    const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
    const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(seedUser('customer01').password));
    const token = (await post<{ token: string }>(child.url, '/api/admin/login', { account: 'customer01', password: password.toString('base64') })).data.token;
    const job = (await post<AsyncOperation>(child.url, '/api/async_operations/export', { path: 'qr_code_access/inquire', filters: { qr_code_id: bulk.bigCodeId } }, token)).data;
    // Wait until the timers have moved it, then kill mid-run.
    let progress = 0;
    for (let i = 0; i < 200 && progress === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      progress = (await post<Page<AsyncOperation>>(child.url, '/api/async_operations/inquire', {}, token)).data.content.find((j) => j.id === job.id)!.progress;
    }
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);
    await killChild(child);

    const again = await startChild(dbFile, 30_000, 'dev');
    children.push(again);
    const after = async () => (await post<Page<AsyncOperation>>(again.url, '/api/async_operations/inquire', {}, token)).data.content.find((j) => j.id === job.id)!;
    const row = await after();
    expect(row).toMatchObject({ status: AsyncOperationStatus.values.abnormal, message: 'Interrupted: the server stopped while this job was running' });
    expect(row.progress).toBeGreaterThanOrEqual(progress);
    await new Promise((r) => setTimeout(r, 300));
    expect(await after()).toEqual(row); // the timers do not pick it up again
    await killChild(again);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);
});
