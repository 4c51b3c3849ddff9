import { beforeEach, describe, expect, it } from 'vitest';
import { connectAs, type RealtimeTestClient } from './client.ts';
import { controlCall, type AnyControlName, type ControlBodyOf } from '../helpers/control.ts';
import { useApiServer } from '../helpers/api-server.ts';

const { t } = useApiServer();

const post = <N extends AnyControlName>(name: N, body: ControlBodyOf<N>) => controlCall(t, name, body);

/** Push frames of types 101, 102, … with data { n } to customer01. */
async function pushNumbered(n: number) {
  for (let i = 1; i <= n; i++) expect((await post('push', { to: { account: 'customer01' }, type: 100 + i, data: { n: i } })).status).toBe(200);
}

/** Frames of the socket until `count` arrived; fails after 2 s. */
async function take(c: RealtimeTestClient, count: number) {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await c.next()).type);
  return out;
}

let c: RealtimeTestClient;
beforeEach(async () => {
  await post('reset', {});
  c = await connectAs(t, 'customer01');
  return () => c.close();
});

describe('frame faults on the socket', () => {
  it('drops the next N frames to the user, and the journal says so', async () => {
    expect((await post('frame_fault', { to: { account: 'customer01' }, action: 'drop', count: 2 })).body.data.pending).toBe(2);
    await pushNumbered(3);
    expect(await take(c, 1)).toEqual([103]);
    const dropped = await post('journal/count', { kind: 'frame', direction: 'out', match: {}, user: { account: 'customer01' } });
    expect(dropped.body.data.count).toBeGreaterThanOrEqual(3);
    const { entries } = (await post('journal', { kind: 'frame', direction: 'out', user: { account: 'customer01' }, limit: 3 })).body.data;
    expect(entries.map((e) => (e.kind === 'frame' ? e.fault ?? 'sent' : ''))).toEqual(['dropped', 'dropped', 'sent']);
    expect(c.refused).toEqual([]);
  });

  it('duplicates the next frame with its own seq, so the console receives it twice', async () => {
    await post('frame_fault', { to: { account: 'customer01' }, action: 'duplicate' });
    await pushNumbered(2);
    expect(await take(c, 3)).toEqual([101, 101, 102]);
    expect(c.refused).toEqual([]);
  });

  it('reorders the next N frames (sent in reverse once N are held)', async () => {
    await post('frame_fault', { to: { account: 'customer01' }, action: 'reorder', count: 3 });
    await pushNumbered(4);
    expect(await take(c, 4)).toEqual([103, 102, 101, 104]);
    expect(c.refused).toEqual([]);
  });

  it('delays the next frame, later frames overtaking it', async () => {
    await post('frame_fault', { to: { account: 'customer01' }, action: 'delay', delay_ms: 150 });
    await pushNumbered(2);
    expect(await take(c, 2)).toEqual([102, 101]);
  });

  it('leaves other users alone', async () => {
    const other = await connectAs(t, 'customer02');
    await post('frame_fault', { to: { account: 'customer01' }, action: 'drop', count: 5 });
    await post('push', { to: { account: 'customer02' }, type: 150 });
    expect((await other.next()).type).toBe(150);
    other.close();
  });

  it('cuts the connection without a close frame (1006), and reset forgets pending faults', async () => {
    await post('frame_fault', { to: { account: 'customer01' }, action: 'drop', count: 5 });
    expect((await post('cut', { to: { account: 'customer01' } })).body.data.cut).toBe(1);
    expect((await c.closed).code).toBe(1006);
    await post('reset', {});
    c = await connectAs(t, 'customer01');
    await pushNumbered(1);
    expect(await take(c, 1)).toEqual([101]);
  });

  it('refuses a reorder of one frame and a delay without delay_ms, naming the problem', async () => {
    const one = await post('frame_fault', { to: { account: 'customer01' }, action: 'reorder', count: 1 });
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(/reorder/);
    const noDelay = await post('frame_fault', { to: { account: 'customer01' }, action: 'delay' });
    expect(noDelay.status).toBe(400);
    expect(noDelay.body.message).toMatch(/delay_ms/);
  });
});
