import type { z } from 'zod';
import { clientFrame, serverFrame, type ClientFrame, type ServerFrame } from './frame-registry.ts';
import { Direction, FRAME_MAX_BYTES, FRAME_MAX_SKEW_MS } from './frames.ts';

/**
 * The frame codec, the same code in the browser and in Node 20 (both have WebCrypto as `globalThis.crypto`).
 *
 * Wire = base64( iv(12 bytes) || AES-256-GCM ciphertext+tag(16 bytes) ) as a WebSocket text message.
 * The plaintext is the JSON payload; the additional data is `qr-console/rt/1/<direction>`, so a frame made
 * for one direction does not authenticate in the other. The IV is random per frame (96 bits): with one key per
 * session and far fewer than 2^32 frames per key, random IVs stay well inside GCM's collision bound.
 */

/** The wire layout, shared with the mock server's synchronous node:crypto implementation of this codec. */
export const FRAME_WIRE = { ivBytes: 12, tagBytes: 16, keyBytes: 32, aadPrefix: 'qr-console/rt/1/' } as const;
const { ivBytes: IV_BYTES, tagBytes: TAG_BYTES, keyBytes: KEY_BYTES, aadPrefix: AAD_PREFIX } = FRAME_WIRE;

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();
const utf8Decode = new TextDecoder('utf-8', { fatal: true });

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  // Chunked: String.fromCharCode(...big) overflows the call stack near 64 KiB.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Strict base64 → bytes; undefined when the text is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A new random 256-bit key as base64 (the server makes one per session). */
export function newRealtimeKey(): string {
  return bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
}

/** Import a base64 `realtime_key` as a non-extractable AES-GCM key. Throws on a key that is not 32 bytes. */
export async function importRealtimeKey(base64Key: string): Promise<CryptoKey> {
  const raw = base64ToBytes(base64Key);
  if (!raw || raw.length !== KEY_BYTES) throw new Error('realtime_key must be 32 bytes of base64');
  return subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/**
 * The session id in the socket URL: hex of SHA-256("qr-console/rt/sid" || key), first 32 characters.
 * It names the session without revealing the key or the token.
 */
export async function realtimeSessionId(base64Key: string): Promise<string> {
  const raw = base64ToBytes(base64Key);
  if (!raw) throw new Error('realtime_key is not base64');
  const label = utf8.encode('qr-console/rt/sid');
  const input = new Uint8Array(label.length + raw.length);
  input.set(label);
  input.set(raw, label.length);
  const digest = new Uint8Array(await subtle().digest('SHA-256', input));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Encrypt a payload for `direction`. The payload is not validated here: build it from the typed schemas.
 * `iv` is for the protocol page's test vectors only (docs/realtime-protocol.md); a real frame always takes a fresh random one.
 */
export async function encodeFrame(
  key: CryptoKey,
  direction: Direction,
  payload: ClientFrame | ServerFrame,
  iv: Uint8Array<ArrayBuffer> = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES)),
): Promise<string> {
  const ct = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv, additionalData: utf8.encode(AAD_PREFIX + direction) },
      key,
      utf8.encode(JSON.stringify(payload)),
    ),
  );
  const wire = new Uint8Array(IV_BYTES + ct.length);
  wire.set(iv);
  wire.set(ct, IV_BYTES);
  return bytesToBase64(wire);
}

/** Why a frame was refused; each maps to a close code (see `closeCodeFor` in the server hub). */
export type DecodeFailure = 'too_large' | 'undecryptable' | 'invalid';
export type DecodeResult<T> = { ok: true; frame: T } | { ok: false; reason: DecodeFailure; detail?: string };

/**
 * Decrypt and validate one wire frame. Never throws: a malformed, forged or schema-violating frame comes back
 * as `{ ok: false, reason }`. The JSON is only ever parsed from authenticated plaintext and then checked
 * against the schema of the receiving side.
 */
export async function decodeFrame<S extends z.ZodType>(
  key: CryptoKey,
  direction: Direction,
  wire: string,
  schema: S,
): Promise<DecodeResult<z.output<S>>> {
  if (wire.length > FRAME_MAX_BYTES) return { ok: false, reason: 'too_large' };
  const bytes = base64ToBytes(wire);
  if (!bytes || bytes.length < IV_BYTES + TAG_BYTES)
    return { ok: false, reason: 'undecryptable', detail: 'not base64 iv||ciphertext' };
  let plain: string;
  try {
    const pt = await subtle().decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(0, IV_BYTES),
        additionalData: utf8.encode(AAD_PREFIX + direction),
      },
      key,
      bytes.subarray(IV_BYTES),
    );
    plain = utf8Decode.decode(pt);
  } catch {
    return { ok: false, reason: 'undecryptable', detail: 'authentication failed' };
  }
  return parseFramePlaintext(plain, schema);
}

/** The decrypted text of a frame, checked against the receiving side's schema (both codecs end here). */
export function parseFramePlaintext<S extends z.ZodType>(plain: string, schema: S): DecodeResult<z.output<S>> {
  let json: unknown;
  try {
    json = JSON.parse(plain);
  } catch {
    return { ok: false, reason: 'invalid', detail: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalid', detail: parsed.error.issues[0]?.message };
  return { ok: true, frame: parsed.data };
}

/** Server side: decode a client→server frame. */
export const decodeClientFrame = (key: CryptoKey, wire: string) =>
  decodeFrame(key, Direction.toServer, wire, clientFrame);
/** Console side: decode a server→client frame. */
export const decodeServerFrame = (key: CryptoKey, wire: string) =>
  decodeFrame(key, Direction.toClient, wire, serverFrame);

/** Numbers outgoing frames of one socket: seq 1, 2, 3 … and the sender's clock as ts. */
export function createFrameCounter(now: () => number) {
  let seq = 0;
  return {
    next(): { seq: number; ts: number } {
      seq += 1;
      return { seq, ts: Math.floor(now()) };
    },
  };
}

export type FreshnessVerdict = 'ok' | 'replayed' | 'stale';

/**
 * Checks incoming frames of one socket: seq strictly increasing, ts within `maxSkewMs` of the receiver's
 * clock (pass `maxSkewMs: Infinity` to check order only, e.g. on a virtual clock).
 */
export function createReplayGuard(now: () => number, maxSkewMs: number = FRAME_MAX_SKEW_MS) {
  let last = 0;
  return {
    check(frame: { seq: number; ts: number }): FreshnessVerdict {
      if (frame.seq <= last) return 'replayed';
      if (Math.abs(now() - frame.ts) > maxSkewMs) return 'stale';
      last = frame.seq;
      return 'ok';
    },
    get lastSeq() {
      return last;
    },
  };
}
