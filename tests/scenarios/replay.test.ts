import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeServerFrame, Direction, encodeFrame, FrameType, importRealtimeKey, newRealtimeKey, realtimeSessionId, type ServerFrame } from '../../contracts/index.ts';
import { scenario } from '../../contracts/scenario.ts';
import { playScenario } from './harness.ts';
import { installSyncAesGcm } from './sync-aes-gcm.ts';

/**
 * The QA replay runner: every fixtures/scenarios/*.json is one test, played against the real sagas on a
 * virtual clock (see harness.ts). A QA person adds a case by adding a file; a file that does not match the
 * schema fails here with the schema's message.
 */
const dir = fileURLToPath(new URL('../../fixtures/scenarios/', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

/**
 * Played a second time on Node's own WebCrypto (the suite's runner answers the console's AES-GCM
 * synchronously: tests/scenarios/sync-aes-gcm.ts): a login and pings, frames refused as undecryptable, replayed
 * and stale, and frames told once, through the thread-pool path the console's codec takes outside the runner.
 */
const ON_NATIVE_WEBCRYPTO = [
  'realtime-login-and-ping',
  'realtime-undecryptable-frame-dropped',
  'realtime-replayed-frame-refused',
  'realtime-stale-frame-refused',
  'shield-duplicated-frame-toasts-once',
];

const load = (file: string) => {
  const parsed = scenario.safeParse(JSON.parse(readFileSync(dir + file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a valid scenario: ${parsed.error.message}`);
  return parsed.data;
};

describe('QA scenarios', () => {
  it('finds the scenario files', () => {
    expect(files.length).toBeGreaterThanOrEqual(80);
  });

  for (const file of files) {
    it(file.replace(/\.json$/, ''), async () => {
      await playScenario(load(file));
    });
  }
});

describe('QA scenarios on native WebCrypto', () => {
  for (const name of ON_NATIVE_WEBCRYPTO) {
    it(name, async () => {
      expect(files).toContain(`${name}.json`);
      await playScenario(load(`${name}.json`), { webCrypto: 'native' });
    });
  }
});

/** The runner's synchronous AES-GCM behind `crypto.subtle` gives WebCrypto's bytes and refusals exactly. */
describe('sync AES-GCM for the scenario runner', () => {
  const frame = { type: FrameType.values.heartbeat_ack, locale: 'en', token: '', seq: 1, ts: 1 } as ServerFrame;

  it('encrypts to the bytes WebCrypto makes, each decrypts the other, forgeries are refused, digests agree', async () => {
    const keyText = newRealtimeKey();
    const key = await importRealtimeKey(keyText);
    const iv = new Uint8Array(12).fill(7);
    const nativeWire = await encodeFrame(key, Direction.toClient, frame, iv);
    const nativeSid = await realtimeSessionId(keyText);
    let syncWire: string | undefined;
    const restore = installSyncAesGcm();
    try {
      expect(crypto.subtle.encrypt).not.toBe(SubtleCrypto.prototype.encrypt);
      expect(await encodeFrame(key, Direction.toClient, frame, iv)).toBe(nativeWire);
      expect(await decodeServerFrame(key, nativeWire)).toEqual({ ok: true, frame });
      expect(await realtimeSessionId(keyText)).toBe(nativeSid);
      // Another direction's frame, a flipped byte, an empty ciphertext, another key: refused as WebCrypto refuses them.
      const wrongWay = await encodeFrame(key, Direction.toServer, frame);
      expect(await decodeServerFrame(key, wrongWay)).toMatchObject({ ok: false, reason: 'undecryptable' });
      const bytes = Buffer.from(nativeWire, 'base64');
      bytes[20] ^= 1;
      expect(await decodeServerFrame(key, bytes.toString('base64'))).toMatchObject({ ok: false, reason: 'undecryptable' });
      expect(await decodeServerFrame(key, Buffer.alloc(28).toString('base64'))).toMatchObject({ ok: false, reason: 'undecryptable' });
      const other = await importRealtimeKey(newRealtimeKey());
      expect(await decodeServerFrame(other, nativeWire)).toMatchObject({ ok: false, reason: 'undecryptable' });
      syncWire = await encodeFrame(key, Direction.toClient, frame);
    } finally {
      restore();
    }
    expect(crypto.subtle.encrypt).toBe(SubtleCrypto.prototype.encrypt);
    expect(await decodeServerFrame(key, syncWire ?? '')).toEqual({ ok: true, frame });
    expect(await encodeFrame(key, Direction.toClient, frame, iv)).toBe(nativeWire);
  });
});
