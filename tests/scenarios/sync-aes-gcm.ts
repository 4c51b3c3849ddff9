import { createCipheriv, createDecipheriv, createHash, KeyObject } from 'node:crypto';

/**
 * The WebCrypto calls the console's frame codec makes (contracts/realtime/codec.ts: AES-256-GCM encrypt and
 * decrypt, SHA-256 digest), answered synchronously by node:crypto behind the same `crypto.subtle` API, for the
 * scenario runner only.
 *
 * Why: Node runs each WebCrypto call as a libuv thread-pool job; the replay suite makes ~2,300 of them (an hour
 * of pings is 720), and on two busy cores each hand-off to the pool thread and back waited on the scheduler:
 * 4.4 s of an 8 s run at load 15. The console's code is unchanged (same keys, IVs, additional data and
 * bytes: a forged, replayed or undecryptable frame is still refused by real AES-GCM), only the engine under
 * `crypto.subtle` differs, and the runner waits for every promise anyway. The real WebCrypto path stays
 * proven: replay.test.ts plays a set of scenarios on Node's own WebCrypto, tests/realtime/codec.test.ts checks
 * both codecs against each other, and the browser suites run Chromium's.
 *
 * Keys are still imported by WebCrypto (one per connection); anything else falls through to it.
 */
type Subtle = SubtleCrypto & Record<'encrypt' | 'decrypt' | 'digest', unknown>;

const keyObjects = new WeakMap<CryptoKey, KeyObject>();
function keyObjectOf(key: CryptoKey): KeyObject {
  let k = keyObjects.get(key);
  if (!k) keyObjects.set(key, (k = KeyObject.from(key)));
  return k;
}
function bytes(source: BufferSource): Buffer {
  return ArrayBuffer.isView(source) ? Buffer.from(source.buffer, source.byteOffset, source.byteLength) : Buffer.from(source);
}
/** A fresh ArrayBuffer holding exactly these bytes (what WebCrypto resolves with). */
function arrayBuffer(b: Buffer): ArrayBuffer {
  const out = new ArrayBuffer(b.length);
  new Uint8Array(out).set(b);
  return out;
}
const TAG = 16;
const isGcm = (algorithm: unknown, key: CryptoKey) =>
  typeof algorithm === 'object' && algorithm !== null && (algorithm as AesGcmParams).name === 'AES-GCM' &&
  ((algorithm as AesGcmParams).tagLength ?? 128) === TAG * 8 && (key.algorithm as AesKeyAlgorithm).length === 256;

/** Install on `globalThis.crypto.subtle`; returns the function that puts WebCrypto back. */
export function installSyncAesGcm(): () => void {
  const subtle = globalThis.crypto.subtle as Subtle;
  const native = { encrypt: subtle.encrypt.bind(subtle), decrypt: subtle.decrypt.bind(subtle), digest: subtle.digest.bind(subtle) };
  subtle.encrypt = (algorithm: AesGcmParams, key: CryptoKey, data: BufferSource) => {
    if (!isGcm(algorithm, key)) return native.encrypt(algorithm, key, data);
    const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), bytes(algorithm.iv), { authTagLength: TAG });
    if (algorithm.additionalData) cipher.setAAD(bytes(algorithm.additionalData));
    return Promise.resolve(arrayBuffer(Buffer.concat([cipher.update(bytes(data)), cipher.final(), cipher.getAuthTag()])));
  };
  subtle.decrypt = (algorithm: AesGcmParams, key: CryptoKey, data: BufferSource) => {
    if (!isGcm(algorithm, key)) return native.decrypt(algorithm, key, data);
    try {
      const all = bytes(data);
      if (all.length < TAG) throw new Error('too short');
      const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), bytes(algorithm.iv), { authTagLength: TAG });
      if (algorithm.additionalData) decipher.setAAD(bytes(algorithm.additionalData));
      decipher.setAuthTag(all.subarray(all.length - TAG));
      return Promise.resolve(arrayBuffer(Buffer.concat([decipher.update(all.subarray(0, all.length - TAG)), decipher.final()])));
    } catch {
      // What WebCrypto rejects a failed authentication with.
      return Promise.reject(new DOMException('The operation failed for an operation-specific reason', 'OperationError'));
    }
  };
  subtle.digest = (algorithm: AlgorithmIdentifier, data: BufferSource) => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== 'SHA-256') return native.digest(algorithm, data);
    return Promise.resolve(arrayBuffer(createHash('sha256').update(bytes(data)).digest()));
  };
  return () => {
    // The overrides are own properties of the instance; removing them uncovers SubtleCrypto.prototype's.
    delete (subtle as Partial<Subtle>).encrypt;
    delete (subtle as Partial<Subtle>).decrypt;
    delete (subtle as Partial<Subtle>).digest;
  };
}
