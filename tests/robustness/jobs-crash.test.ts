import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AsyncOperationStatus, CONTROL_PREFIX, type AsyncOperation, type Page } from '../../contracts/index.ts';
import { killChild, openSession, startChild, type Child } from './harness/crash.ts';

/**
 * A job interrupted by SIGKILL is never left "in progress": the mock server runs as a child process on a
 * SQLite file, an export job is stepped half way (one page of two written), the process is killed, and after
 * a restart the row is abnormal with the interruption message, its partial file is not downloadable, and the
 * file is intact.
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

    await killChild(child);
    const raw = new Database(session.dbFile, { readonly: true });
    const left = raw.prepare('SELECT status, file FROM async_operations WHERE id = ?').get(job.id) as { status: number; file: string };
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
    // Nothing is resumed behind the user's back: stepping finds no job in progress.
    expect((await post<{ stepped: number }>(again.url, `${CONTROL_PREFIX}/job_step`, {})).data.stepped).toBe(0);
    await killChild(again);
    const check = new Database(session.dbFile, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    fs.rmSync(session.dir, { recursive: true, force: true });
  }, 90_000);
});
