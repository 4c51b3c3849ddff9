import { createECDH, createHash, randomBytes } from 'node:crypto';

/**
 * Key pairs of the simulated chain: a secp256k1 private key (64 hex), its uncompressed public key, and an
 * address in TRON's shape (0x41 ‖ 20 bytes, Base58Check, starting with T). The 20 bytes are the tail of
 * SHA3-256 of the public key — TRON uses Keccak-256, which Node does not ship — so these are NOT the real
 * TRON addresses of the keys; nothing here is meant for a real chain (docs/decisions/2026-11-23-money-flows.md).
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
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

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

export interface KeyPair {
  readonly private_key: string;
  readonly public_key: string;
  readonly hex_address: string;
  readonly address: string;
}

/** The key pair of a private key (64 hex characters; a new random one when absent). */
export function keyPair(privateHex?: string): KeyPair {
  const ecdh = createECDH('secp256k1');
  const priv = privateHex ? Buffer.from(privateHex, 'hex') : randomBytes(32);
  ecdh.setPrivateKey(priv); // throws on a key outside the curve's range: callers check first
  const pub = ecdh.getPublicKey();
  const body = Buffer.concat([Buffer.from([0x41]), createHash('sha3-256').update(pub.subarray(1)).digest().subarray(12)]);
  const check = sha256(sha256(body)).subarray(0, 4);
  return {
    private_key: priv.toString('hex'),
    public_key: pub.toString('hex'),
    hex_address: body.toString('hex'),
    address: base58(Buffer.concat([body, check])),
  };
}

/** A usable secp256k1 private key: 1 ≤ k < n. */
export function validPrivateKey(hex: string): boolean {
  try {
    keyPair(hex);
    return /^[0-9a-f]{64}$/i.test(hex) && !/^0+$/.test(hex);
  } catch {
    return false;
  }
}
