import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  clientFrame,
  CloseCode,
  CloseReason,
  decodeFrame,
  Direction,
  encodeFrame,
  importRealtimeKey,
  realtimeSessionId,
  serverFrame,
  type ClientFrame,
} from '../../contracts/index.ts';
import { sidOf } from '../../mock-server/realtime/keys.ts';
import { decodeFrameSync, encodePlaintextSync, frameKeyOf } from '../../mock-server/realtime/node-codec.ts';
import { startTestServer } from '../../harness/server.ts';
import { RealtimeTestClient, sessionOf } from './client.ts';

/**
 * The protocol page's test vectors, read from docs/realtime-protocol.md itself (so the document cannot drift
 * from the code): the page's words (sid derivation, layout, additional data) done with bare node:crypto, and
 * both codecs (WebCrypto in contracts, node:crypto in the mock) must give exactly the page's wire.
 */
const PROTOCOL = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/realtime-protocol.md'), 'utf8');
const block = PROTOCOL.match(/## Test vectors[\s\S]*?```text\n([\s\S]*?)```/)?.[1] ?? '';
const field = (text: string, name: string) => text.match(new RegExp(`^${name} +(\\S.*)$`, 'm'))?.[1] ?? '';
const [head = '', ...bodies] = block.split(/\n(?=direction )/);
const key = field(head, 'key');
const sid = field(head, 'sid');
const vectors = bodies.map((b) => ({
  direction: field(b, 'direction') as Direction,
  iv: field(b, 'iv'),
  plaintext: field(b, 'plaintext'),
  wire: field(b, 'wire'),
}));

describe('protocol test vectors (docs/realtime-protocol.md)', () => {
  it('are there: a key, its sid and frames both ways', () => {
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(vectors.length).toBeGreaterThanOrEqual(4);
    expect(new Set(vectors.map((v) => v.direction))).toEqual(new Set(['c2s', 's2c']));
  });

  it('sid = hex of the first 16 bytes of SHA-256("qr-console/rt/sid" ‖ raw key), as both sides compute it', async () => {
    const raw = Buffer.from(key, 'base64');
    expect(createHash('sha256').update(Buffer.concat([Buffer.from('qr-console/rt/sid'), raw])).digest().subarray(0, 16).toString('hex')).toBe(sid);
    expect(await realtimeSessionId(key)).toBe(sid);
    expect(sidOf(key)).toBe(sid);
  });

  it.each(vectors.map((v, i) => [i + 1, v] as const))('vector %i follows the words: base64(iv ‖ AES-256-GCM ‖ tag), AD per direction', (_, v) => {
    const iv = Buffer.from(v.iv, 'hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
    cipher.setAAD(Buffer.from(`qr-console/rt/1/${v.direction}`, 'ascii'));
    const ct = Buffer.concat([cipher.update(v.plaintext, 'utf8'), cipher.final()]);
    expect(Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64')).toBe(v.wire);
  });

  it.each(vectors.map((v, i) => [i + 1, v] as const))('vector %i: both codecs write this wire and read this frame', async (_, v) => {
    const webKey = await importRealtimeKey(key);
    const nodeKey = frameKeyOf(key);
    const payload = JSON.parse(v.plaintext) as ClientFrame;
    const iv = new Uint8Array(Buffer.from(v.iv, 'hex'));
    expect(await encodeFrame(webKey, v.direction, payload, iv)).toBe(v.wire);
    expect(encodePlaintextSync(nodeKey, v.direction, v.plaintext, Buffer.from(v.iv, 'hex'))).toBe(v.wire);
    const schema = v.direction === Direction.toServer ? clientFrame : serverFrame;
    expect(await decodeFrame(webKey, v.direction, v.wire, schema)).toEqual({ ok: true, frame: payload });
    expect(decodeFrameSync(nodeKey, v.direction, v.wire, schema)).toEqual({ ok: true, frame: payload });
    // The other direction's additional data does not authenticate it.
    const other = v.direction === Direction.toServer ? Direction.toClient : Direction.toServer;
    expect(decodeFrameSync(nodeKey, other, v.wire, schema)).toMatchObject({ ok: false, reason: 'undecryptable' });
  });
});

describe('close reasons', () => {
  it('are short plain English sentences, never an i18n key', () => {
    for (const reason of Object.values(CloseReason)) {
      expect(reason, reason).toMatch(/^[A-Z][^]*\.$/);
      expect(reason, reason).not.toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(Buffer.byteLength(reason), reason).toBeLessThanOrEqual(123);
    }
  });

  it('are what the server sends (unknown sid, then a frame before LOGIN)', async () => {
    const t = await startTestServer();
    try {
      const session = await sessionOf(t, 'agent01');
      const unknown = await RealtimeTestClient.open(t.url, session, { sid: '0'.repeat(32) });
      expect(await unknown.closed).toEqual({ code: CloseCode.values.bad_login, reason: CloseReason.unknownSession });
      const early = await RealtimeTestClient.open(t.url, session);
      await early.sendFrame({ type: 12, locale: 'en', token: session.token, seq: 1, ts: Date.now() });
      expect(await early.closed).toEqual({ code: CloseCode.values.unauthenticated, reason: CloseReason.loginFirst });
    } finally {
      await t.close();
    }
  });
});
