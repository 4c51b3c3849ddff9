import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomFillSync,
  type KeyObject,
} from 'node:crypto';
import type { z } from 'zod';
import {
  Direction,
  FRAME_MAX_BYTES,
  FRAME_WIRE,
  parseFramePlaintext,
  type DecodeResult,
} from '../../contracts/index.ts';

/**
 * The contracts' frame codec (contracts/realtime/codec.ts) done synchronously with node:crypto: the same wire
 * (base64 of iv || ciphertext || tag, AES-256-GCM, additional data per direction) and the same schema check.
 * Why a second implementation: WebCrypto in Node runs every call as an async thread-pool job; for a push to a
 * thousand sockets that queueing cost ~10x the cipher itself (bench:realtime measured p99 200 ms with WebCrypto).
 * tests/realtime/codec.test.ts checks both directions of interoperability with the WebCrypto codec.
 */
const { ivBytes, tagBytes, keyBytes, aadPrefix } = FRAME_WIRE;
const AAD: Record<Direction, Buffer> = {
  [Direction.toServer]: Buffer.from(aadPrefix + Direction.toServer, 'utf8'),
  [Direction.toClient]: Buffer.from(aadPrefix + Direction.toClient, 'utf8'),
};
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * IVs are still 96 random bits per frame, drawn from a pool refilled 4,096 IVs at a time: one randomFillSync
 * per frame cost about 5 µs, a sixth of a push's per-socket time (bench:realtime profile).
 */
const IV_POOL = Buffer.allocUnsafe(ivBytes * 4096);
let ivOffset = IV_POOL.length;
function nextIv(): Buffer {
  if (ivOffset === IV_POOL.length) {
    randomFillSync(IV_POOL);
    ivOffset = 0;
  }
  const iv = IV_POOL.subarray(ivOffset, ivOffset + ivBytes);
  ivOffset += ivBytes;
  return iv;
}

/** A session's `realtime_key` (base64) as a node:crypto key, made once per socket rather than per frame. */
export function frameKeyOf(base64Key: string): KeyObject {
  const raw = Buffer.from(base64Key, 'base64');
  if (raw.length !== keyBytes) throw new Error('realtime_key must be 32 bytes of base64');
  return createSecretKey(raw);
}

/** Encrypt an already serialized JSON payload (a push serializes its data once for all its sockets). */
export function encodePlaintextSync(key: KeyObject, direction: Direction, json: string, iv: Buffer = nextIv()): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(AAD[direction]);
  const ct = cipher.update(json, 'utf8');
  const last = cipher.final();
  const tag = cipher.getAuthTag();
  // One buffer for the wire (GCM is a stream mode: `final` is empty, kept for completeness).
  const wire = Buffer.allocUnsafe(ivBytes + ct.length + last.length + tagBytes);
  iv.copy(wire, 0);
  ct.copy(wire, ivBytes);
  last.copy(wire, ivBytes + ct.length);
  tag.copy(wire, ivBytes + ct.length + last.length);
  return wire.toString('base64');
}

export function encodeFrameSync(key: KeyObject, direction: Direction, payload: unknown): string {
  return encodePlaintextSync(key, direction, JSON.stringify(payload));
}

export function decodeFrameSync<S extends z.ZodType>(
  key: KeyObject,
  direction: Direction,
  wire: string,
  schema: S,
): DecodeResult<z.output<S>> {
  if (wire.length > FRAME_MAX_BYTES) return { ok: false, reason: 'too_large' };
  if (wire.length % 4 !== 0 || !BASE64.test(wire))
    return { ok: false, reason: 'undecryptable', detail: 'not base64 iv||ciphertext' };
  const bytes = Buffer.from(wire, 'base64');
  if (bytes.length < ivBytes + tagBytes)
    return { ok: false, reason: 'undecryptable', detail: 'not base64 iv||ciphertext' };
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes), {
      authTagLength: tagBytes,
    });
    decipher.setAAD(AAD[direction]);
    decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
    const pt = Buffer.concat([
      decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes)),
      decipher.final(),
    ]);
    plain = UTF8.decode(pt);
  } catch {
    return { ok: false, reason: 'undecryptable', detail: 'authentication failed' };
  }
  return parseFramePlaintext(plain, schema);
}
