import { sha256 } from '@noble/hashes/sha2.js';

/**
 * TRON addresses as users type them: Base58Check of 21 bytes (0x41 and a 20-byte account id) and a 4-byte
 * checksum, the first four bytes of SHA-256(SHA-256(21 bytes)). Shared by the contracts (pay-config and
 * withdrawal addresses are checked in the console before sending and on the server) and the simulated chain's
 * key pairs (mock-server/chain/keys.ts). SHA-256 comes from @noble/hashes, so the check runs the same way in
 * the browser (no async WebCrypto inside a zod schema) and in Node.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ADDRESS_PREFIX = 0x41;

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The bytes of a Base58 text, or null when a character is outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

const checksumOf = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

/** Base58Check of a payload (here: 0x41 ‖ 20 bytes). */
export function base58CheckEncode(payload: Uint8Array): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(checksumOf(payload), payload.length);
  return base58Encode(out);
}

/** The 21 payload bytes of a TRON address whose checksum holds, else null. */
export function tronAddressBytes(address: string): Uint8Array | null {
  if (address.length !== 34) return null;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== ADDRESS_PREFIX) return null;
  const payload = bytes.subarray(0, 21);
  const check = checksumOf(payload);
  return check.every((b, i) => b === bytes[21 + i]) ? payload : null;
}

/** True for a mainnet TRON address (T…, 34 characters) whose Base58Check checksum is right. */
export const isTronAddress = (address: string): boolean => tronAddressBytes(address) !== null;
