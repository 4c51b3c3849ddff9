import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFrame,
  Direction,
  FRAME_RECEIVERS,
  FRAME_TYPE_CODES,
  frameDefs,
  FrameRegistryError,
  serverFrame,
  type FrameName,
} from '../../contracts/index.ts';
import { sagas as startUpSagas, startUpFrameReceivers } from '../../client/app/sagas.ts';
import { sessionFrameReceivers, sessionModule } from '../../client/app/session-modules.ts';
import { startTestServer, type TestServer } from '../../harness/server.ts';

/**
 * The frame registry (contracts/realtime/frame-registry.ts) is the one declaration of every socket frame: these
 * hold the codes, the envelopes, the console's receivers, the mock's hub and the protocol document to it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const arrow = (d: Direction) => (d === Direction.toServer ? 'c → s' : 's → c');

describe('the frame registry', () => {
  it('declares each code once, by name, and every name has its code', () => {
    const codes = Object.values(FRAME_TYPE_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(frameDefs.map((d) => d.name).sort()).toEqual((Object.keys(FRAME_TYPE_CODES) as FrameName[]).sort());
    for (const d of frameDefs) expect(d.type).toBe(FRAME_TYPE_CODES[d.name]);
  });

  it('the envelopes come from it: the server accepts its client frames, the console decodes its server frames', () => {
    const envelope = { locale: 'en', token: '', seq: 1, ts: 1 };
    for (const d of frameDefs) {
      const sample = { type: d.type, ...envelope };
      if (d.direction === Direction.toServer) expect(clientFrame.safeParse(sample).success, d.name).toBe(true);
      else expect(clientFrame.safeParse(sample).success, `${d.name} is no client frame`).toBe(false);
      if (d.direction === Direction.toClient && d.data === null) expect(serverFrame.safeParse(sample).success, d.name).toBe(true);
    }
    // A server frame the socket checks is dropped with data off its schema; one its receiver checks is passed on.
    for (const d of frameDefs.filter((x) => x.direction === Direction.toClient && x.data !== null)) {
      const parsed = serverFrame.safeParse({ type: d.type, ...envelope, data: { off: 'schema' } }).success;
      expect(parsed, `${d.name} (${d.checked})`).toBe(d.checked === 'receiver');
    }
  });

  it('names every receiver, and the console starts each receiver saga exactly once', () => {
    const named = new Set(frameDefs.map((d) => d.receiver));
    expect([...named].sort()).toEqual([...FRAME_RECEIVERS].sort());
    const consoleReceivers = { ...startUpFrameReceivers, ...sessionFrameReceivers };
    expect(Object.keys(consoleReceivers).sort()).toEqual(FRAME_RECEIVERS.filter((r) => r !== 'hub' && r !== 'realtime').sort());
    const started = [...startUpSagas, ...sessionModule.sagas];
    for (const [receiver, saga] of Object.entries(consoleReceivers)) expect(started.filter((s) => s === saga), receiver).toHaveLength(1);
  });

  it("docs/realtime-protocol.md's frame table shows the registry: type, name, direction, receiver", () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/realtime-protocol.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| (\d+) ([A-Z_]+) \| (c → s|s → c) \| `([a-z]+)` \|/gm)].map((m) => [Number(m[1]), m[2], m[3], m[4]]);
    const registry = frameDefs.map((d) => [d.type, d.name.toUpperCase(), arrow(d.direction), d.receiver]);
    expect([...rows].sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(registry);
  });
});

describe("the mock's hub holds server code to the registry (test mode)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('refuses to push an unregistered type, a client frame, or data off its schema; answers the sockets reached otherwise', () => {
    const hub = t.services.realtime;
    expect(() => hub.push(1, 99, { any: 1 })).toThrow(FrameRegistryError);
    expect(() => hub.push(1, 99)).toThrow(/frame type 99 \(server → client\) is not registered/);
    expect(() => hub.pushAll(FRAME_TYPE_CODES.ping)).toThrow(FrameRegistryError);
    expect(() => hub.push(1, FRAME_TYPE_CODES.balance, { balance_micro: -1 })).toThrow(/balance \(25\): data off its schema/);
    expect(() => hub.push(1, FRAME_TYPE_CODES.reload, { stray: true })).toThrow(/carries no data/);
    expect(() => hub.pushSession(1, 'none', FRAME_TYPE_CODES.payment, { order_id: 1 })).toThrow(FrameRegistryError);
    expect(hub.push(1, FRAME_TYPE_CODES.balance, { balance_micro: 5 })).toBe(0);
    expect(hub.push(1, FRAME_TYPE_CODES.menu_refresh)).toBe(0);
    // The control API's pushes may send any type (QA tests what the console passes on).
    expect(hub.pushAny(1, 99, { any: 1 })).toBe(0);
    expect(hub.pushAllAny(99)).toBe(0);
  });
});
