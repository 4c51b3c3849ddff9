import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { refusalText } from '../helpers/qr.ts';
import { AsyncOperationType } from '../../contracts/index.ts';
import { countOf, valueOf } from '../../fixtures/rows.ts';
import { insertAsyncOperation } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** Issue 13: scripts run on a server from the fixed catalogue as a job; the output is read as text. */
const { t, tok } = useApiServer({}, { sup: 'superadmin' });

async function step(id: number, count = 10) {
  const res = await request(t.server).post('/__control/job_step').send({ id, count });
  expect(res.status, res.text).toBe(200);
}
const jobs = () => countOf(t.db, 'async_operations');
const serverId = (name: string) => valueOf<number>(t.db, 'servers', 'id', { name })!;
type Op = { id: number; status: number; progress: number; link: string; message: string; type: number };

describe('script', () => {
  it('offers the fixed catalogue', async () => {
    const res = await t.call('script/catalogue', { server_id: serverId('web-01') }, tok.sup);
    expect(res.body.data).toEqual({ server_id: serverId('web-01'), scripts: [1, 2, 3, 4, 5] });
  });

  it('runs a script: a job in progress, steps append output, it completes with a link to the output', async () => {
    const run = await t.call('script/run', { server_id: serverId('web-01'), script: 1 }, tok.sup);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const op = run.body.data as Op;
    expect(op).toMatchObject({ type: AsyncOperationType.values.script_run, status: 1, progress: 0 });
    expect((await t.call('script/output', { id: op.id }, tok.sup)).body.data).toEqual({ id: op.id, text: '' });
    await request(t.server).post('/__control/job_step').send({ id: op.id, count: 1 });
    const partial = (await t.call('script/output', { id: op.id }, tok.sup)).body.data as { text: string };
    expect(partial.text).toBe('$ df -h  # web-01 (10.0.0.5:22)\nFilesystem      Size  Used Avail Use% Mounted on');
    await step(op.id);
    const list = await t.call('async_operations/inquire', { type: AsyncOperationType.values.script_run }, tok.sup);
    const done = (list.body.data as { content: Op[] }).content.find((r) => r.id === op.id)!;
    expect(done).toMatchObject({ status: 2, progress: 100, link: `script/output?id=${op.id}`, message: 'Script finished: 5 lines of output' });
    // Which script ran on which server (issue 23); other jobs say none.
    expect(done).toMatchObject({ script: 1, server: 'web-01 (10.0.0.5:22)' });
    const exported = await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: {} }, tok.sup);
    expect(exported.body.data).toMatchObject({ script: null, server: '' });
    const out = (await t.call('script/output', { id: op.id }, tok.sup)).body.data as { text: string };
    expect(out.text.split('\n')).toHaveLength(5);
    expect(out.text).toMatch(/disk usage: ok$/);
  });

  it('keeps hostile text in the output as text', async () => {
    const add = await t.call('server_list/add', { name: '<img src=x onerror=alert(1)>', host: '10.9.9.9' }, tok.sup);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const run = await t.call('script/run', { server_id: (add.body.data as { id: number }).id, script: 2 }, tok.sup);
    const id = (run.body.data as Op).id;
    await step(id);
    const out = (await t.call('script/output', { id }, tok.sup)).body.data as { text: string };
    expect(out.text).toContain('restarting visit service on <img src=x onerror=alert(1)> (10.9.9.9)');
  });

  it.each([
    [{ server_id: 99_999, script: 1 }, 404, /server/i],
    [{ server_id: 1, script: 99 }, 400, /^script: /],
    [{ server_id: 1, script: 'rm -rf /' }, 400, /^script: /],
    [{ server_id: 1 }, 400, /^script: /],
  ])('refuses %j, no job starts', async (body, status, message) => {
    const before = jobs();
    const res = await t.call('script/run', body, tok.sup);
    expect(res.status).toBe(status);
    expect(refusalText(res.body)).toMatch(message);
    expect(jobs()).toEqual(before);
  });

  it('refuses a disabled server with 409, no job starts', async () => {
    const before = jobs();
    const res = await t.call('script/run', { server_id: serverId('old-box'), script: 3 }, tok.sup);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/disabled/);
    expect(jobs()).toEqual(before);
  });

  it('an administrator without the route is refused; another user\'s run answers 404', async () => {
    const admin = await t.login('admin01');
    expect((await t.call('script/run', { server_id: 1, script: 1 }, admin)).status).toBe(403);
    expect((await t.call('script/output', { id: 1 }, admin)).status).toBe(403);
    const foreign = insertAsyncOperation(t.db, {
      user_id: valueOf<number>(t.db, 'users', 'id', { account: 'admin01' })!,
      type: AsyncOperationType.values.script_run,
      cursor: '{"step":0,"lines":["secret"]}',
    });
    const res = await t.call('script/output', { id: foreign }, tok.sup);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });
});
