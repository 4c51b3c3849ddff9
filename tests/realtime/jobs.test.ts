import { describe, expect, it } from 'vitest';
import { AsyncOperationStatus, CONTROL_PREFIX, FrameType, jobProgressData, type AsyncOperation } from '../../contracts/index.ts';
import { connectAs } from './client.ts';
import { useApiServer } from '../helpers/api-server.ts';

/**
 * Frame type 20 (job progress) over the real socket: encrypted with the session's key like every frame (the
 * test client decrypts with the real codec and records anything it cannot), sent to the operating user's
 * sockets only, one per step, in the language the job was started in.
 */
const { t } = useApiServer();

const step = (id: number) =>
  fetch(`${t.url}${CONTROL_PREFIX}/job_step`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });

describe('job progress frames', () => {
  it('the operator gets an encrypted type-20 frame at the start, at each step and at the end; others get none', async () => {
    const superadmin = await t.login('superadmin');
    for (let i = 0; i < 250; i++) {
      await t.call('url_key_platform/add', { name: `ws-${i}`, url: `https://w${i}.example/`, short_code_type: 4 }, superadmin);
    }
    const operator = await connectAs(t, 'admin01');
    const wire: string[] = [];
    operator.ws.on('message', (d) => wire.push(d.toString()));
    const bystander = await connectAs(t, 'customer01');
    const token = await t.login('admin01');
    const job = (await t.call('async_operations/export', { path: 'url_key_platform/inquire', filters: { name: 'ws-' } }, token, 'zh-CN')).body
      .data as AsyncOperation;

    const started = await operator.next();
    expect(started.type).toBe(FrameType.values.job_progress);
    expect(jobProgressData.parse(started.data)).toEqual({ id: job.id, type: 1, status: 1, progress: 0, message: '', link: '' });

    await step(job.id);
    const middle = jobProgressData.parse((await operator.next()).data);
    expect(middle).toMatchObject({ id: job.id, status: AsyncOperationStatus.values.in_progress, progress: 80 });

    await step(job.id);
    const end = await operator.next();
    expect(end.type).toBe(20);
    expect(jobProgressData.parse(end.data)).toEqual({
      id: job.id,
      type: 1,
      status: AsyncOperationStatus.values.completed,
      progress: 100,
      message: '已导出 250 行',
      link: `async_operations/download?id=${job.id}`,
    });
    expect(operator.refused).toEqual([]);
    // On the wire the three frames are ciphertext: nothing of the data shows.
    expect(wire).toHaveLength(3);
    for (const text of wire) expect(text).not.toMatch(/progress|download|"type"/);
    // The bystander's socket saw nothing but its own login acknowledgement.
    await expect(bystander.next(300)).rejects.toThrow();
    operator.ws.close();
    bystander.ws.close();
  });
});
