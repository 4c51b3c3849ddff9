import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsyncOperationStatus, type AsyncOperation } from '../../contracts/index.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';
import { exportFilePrefix } from '../../mock-server/jobs/kinds/csv-export.ts';
import { rowOf } from '../../fixtures/rows.ts';
import { insertLog } from '../../fixtures/factories.ts';
import { ok } from '../helpers/qr.ts';

/**
 * Two databases in one folder share its `exports/` and number their jobs alike. A server starting after a
 * crash removes the partial files of its own interrupted exports only: another database's export of the same
 * job id is left alone (it used to go too: the clean-up matched `export-<id>-*`). Real SQLite files, real HTTP.
 */
let dir: string;
const servers: TestServer[] = [];
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-exports-'));
});
afterAll(async () => {
  for (const s of servers) await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(name: string): Promise<TestServer> {
  const t = await startTestServer({ dbPath: path.join(dir, name) });
  servers.push(t);
  return t;
}

/** An export of 250 audit log rows, one step taken (one page of two written): the job id and its file. */
async function halfExport(t: TestServer): Promise<{ id: number; file: string }> {
  const token = await t.login('superadmin');
  t.db.transaction(() => {
    for (let i = 0; i < 250; i++) insertLog(t.db, { source: 'shared/row', content: `shared-${i}` });
  })();
  const job = ok<AsyncOperation>(await t.call('async_operations/export', { path: 'log/inquire', filters: { source: 'shared/row' } }, token));
  await t.services.jobs.step(job.id);
  const row = rowOf<{ status: number; file: string }>(t.db, 'async_operations', job.id, ['status', 'file'])!;
  expect(row.status).toBe(AsyncOperationStatus.values.in_progress);
  expect(fs.existsSync(row.file)).toBe(true);
  return { id: job.id, file: row.file };
}

describe('crash clean-up of export files in a folder two databases share', () => {
  it("removes this database's partial files and nothing of the other's", async () => {
    const a = await open('a.db');
    const b = await open('b.db');
    const ofA = await halfExport(a);
    const ofB = await halfExport(b);
    expect(ofA.id).toBe(ofB.id); // the same job id in both databases
    expect(path.dirname(ofA.file)).toBe(path.dirname(ofB.file)); // in one folder
    // A step of A that appended but never committed its file name (a kill between the two).
    const stray = path.join(path.dirname(ofA.file), `${exportFilePrefix(a.db, ofA.id)}never-committed.csv`);
    fs.writeFileSync(stray, 'partial');
    // A stops with its job half done (as a kill leaves it), and starts again on the same file.
    await a.close();
    const again = await open('a.db');
    expect(rowOf<{ status: number }>(again.db, 'async_operations', ofA.id, ['status'])!.status).toBe(AsyncOperationStatus.values.abnormal);
    expect(fs.existsSync(ofA.file)).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    // B's export of the same id is untouched, finishes, and downloads whole.
    expect(fs.existsSync(ofB.file)).toBe(true);
    await b.services.jobs.step(ofB.id);
    const done = rowOf<{ status: number }>(b.db, 'async_operations', ofB.id, ['status'])!;
    expect(done.status).toBe(AsyncOperationStatus.values.completed);
    const csv = ok<{ content: string }>(await b.call('async_operations/download', { id: ofB.id }, await b.login('superadmin')));
    expect(csv.content.split('\r\n').filter((l) => l.includes('shared-')).length).toBe(250);
  });
});
