import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  CloseCode,
  createReplayGuard,
  decodeClientFrame,
  decodeServerFrame,
  Direction,
  encodeFrame,
  FRAME_MAX_BYTES,
  FrameType,
  importRealtimeKey,
  newRealtimeKey,
  realtimeSessionId,
  reconnectDelayMs,
  REALTIME_TUNING,
  shouldReconnect,
} from '../../contracts/index.ts';
import { sidOf } from '../../mock-server/realtime/keys.ts';
import { decodeFrameSync, encodeFrameSync, frameKeyOf } from '../../mock-server/realtime/node-codec.ts';
import { clientFrame, serverFrame } from '../../contracts/index.ts';

const login = {
  type: FrameType.values.login,
  locale: 'en',
  token: 'tok',
  seq: 1,
  ts: 1_700_000_000_000,
} as const;

describe('frame codec', () => {
  it('round-trips a frame, with a fresh IV each time', async () => {
    const key = await importRealtimeKey(newRealtimeKey());
    const a = await encodeFrame(key, Direction.toServer, login);
    const b = await encodeFrame(key, Direction.toServer, login);
    expect(a).not.toBe(b);
    expect(base64ToBytes(a)!.subarray(0, 12)).not.toEqual(base64ToBytes(b)!.subarray(0, 12));
    expect(await decodeClientFrame(key, a)).toEqual({ ok: true, frame: login });
  });

  it('refuses the wrong key, the wrong direction, tampering, non-base64 and oversize without throwing', async () => {
    const key = await importRealtimeKey(newRealtimeKey());
    const other = await importRealtimeKey(newRealtimeKey());
    const wire = await encodeFrame(key, Direction.toServer, login);
    expect(await decodeClientFrame(other, wire)).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(await decodeServerFrame(key, wire)).toMatchObject({ ok: false, reason: 'undecryptable' });
    const bytes = base64ToBytes(wire)!;
    bytes[20]! ^= 0x80;
    expect(await decodeClientFrame(key, bytesToBase64(bytes))).toMatchObject({
      ok: false,
      reason: 'undecryptable',
    });
    expect(await decodeClientFrame(key, '%%%')).toMatchObject({ ok: false, reason: 'undecryptable' });
    expect(await decodeClientFrame(key, 'A'.repeat(FRAME_MAX_BYTES + 4))).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it("validates the payload with the receiving side's schema", async () => {
    const key = await importRealtimeKey(newRealtimeKey());
    const bad = await encodeFrame(key, Direction.toServer, { ...login, type: 99 } as never);
    expect(await decodeClientFrame(key, bad)).toMatchObject({ ok: false, reason: 'invalid' });
    const other = await encodeFrame(key, Direction.toClient, {
      type: 99,
      locale: 'en',
      token: '',
      seq: 1,
      ts: 1,
      data: [1],
    });
    expect(await decodeServerFrame(key, other)).toMatchObject({ ok: true, frame: { type: 99, data: [1] } });
    const wrongData = await encodeFrame(key, Direction.toClient, {
      type: 4,
      locale: 'en',
      token: '',
      seq: 1,
      ts: 1,
      data: { id: 'x' },
    } as never);
    expect(await decodeServerFrame(key, wrongData)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('the server codec draws a fresh IV for every frame, across refills of its random pool', () => {
    const key = frameKeyOf(newRealtimeKey());
    const ivs = new Set<string>();
    // 10,000 frames span two refills of the 4,096-IV pool.
    for (let i = 0; i < 10_000; i++)
      ivs.add(
        Buffer.from(encodeFrameSync(key, Direction.toClient, { i }), 'base64')
          .subarray(0, 12)
          .toString('hex'),
      );
    expect(ivs.size).toBe(10_000);
  });

  it("interoperates with the server's node:crypto codec in both directions", async () => {
    const base64Key = newRealtimeKey();
    const key = await importRealtimeKey(base64Key);
    const raw = frameKeyOf(base64Key);
    const fromBrowser = await encodeFrame(key, Direction.toServer, login);
    expect(decodeFrameSync(raw, Direction.toServer, fromBrowser, clientFrame)).toEqual({
      ok: true,
      frame: login,
    });
    expect(decodeFrameSync(raw, Direction.toClient, fromBrowser, serverFrame)).toMatchObject({
      ok: false,
      reason: 'undecryptable',
    });
    const push = {
      type: 4,
      locale: 'zh-CN',
      token: '',
      seq: 2,
      ts: 5,
      data: { id: 1, title: '标题', content: 'x'.repeat(5000) },
    };
    const fromServer = encodeFrameSync(raw, Direction.toClient, push);
    expect(await decodeServerFrame(key, fromServer)).toEqual({ ok: true, frame: push });
    const tampered = Buffer.from(fromServer, 'base64');
    tampered[15]! ^= 1;
    expect(decodeFrameSync(raw, Direction.toClient, tampered.toString('base64'), serverFrame)).toMatchObject({
      ok: false,
      reason: 'undecryptable',
    });
    expect(
      decodeFrameSync(raw, Direction.toServer, 'A'.repeat(FRAME_MAX_BYTES + 4), clientFrame),
    ).toMatchObject({ ok: false, reason: 'too_large' });
    expect(decodeFrameSync(raw, Direction.toServer, 'not base64!', clientFrame)).toMatchObject({
      ok: false,
      reason: 'undecryptable',
    });
  });

  it('refuses keys that are not 32 bytes', async () => {
    await expect(importRealtimeKey(bytesToBase64(new Uint8Array(16)))).rejects.toThrow(/32 bytes/);
  });

  it('computes the same sid in the browser code and the server', async () => {
    const key = newRealtimeKey();
    expect(await realtimeSessionId(key)).toBe(sidOf(key));
    expect(sidOf(key)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('freshness and reconnect policy', () => {
  it('accepts increasing seq within the skew, refuses repeats and stale frames', () => {
    let now = 1_000_000;
    const guard = createReplayGuard(() => now, 60_000);
    expect(guard.check({ seq: 1, ts: now })).toBe('ok');
    expect(guard.check({ seq: 1, ts: now })).toBe('replayed');
    expect(guard.check({ seq: 3, ts: now })).toBe('ok');
    expect(guard.check({ seq: 2, ts: now })).toBe('replayed');
    now += 120_000;
    expect(guard.check({ seq: 4, ts: now - 120_000 })).toBe('stale');
  });

  it('backs off with full jitter between 0 and min(cap, base·2^(n-1))', () => {
    expect(reconnectDelayMs(1, () => 0.999)).toBe(499);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(1000);
    expect(reconnectDelayMs(20, () => 0.999)).toBe(REALTIME_TUNING.reconnectCapMs - 30);
    expect(reconnectDelayMs(5, () => 0)).toBe(0);
  });

  it('never reconnects after 3001 or a refused login; otherwise up to the maximum failures', () => {
    expect(shouldReconnect(CloseCode.values.deliberate, 1)).toBe(false);
    expect(shouldReconnect(CloseCode.values.bad_login, 1)).toBe(false);
    expect(shouldReconnect(1006, 20)).toBe(true);
    expect(shouldReconnect(1006, 21)).toBe(false);
    expect(shouldReconnect(1000, 1)).toBe(true);
  });
});
