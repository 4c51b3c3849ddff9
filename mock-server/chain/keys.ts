import { base58CheckEncode } from '../../contracts/index.ts';
import { createECDH, randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Key pairs of the simulated chain, derived the way TRON derives them: a secp256k1 private key (64 hex), its
 * uncompressed public key (0x04 ‖ X ‖ Y), and the address 0x41 ‖ last 20 bytes of Keccak-256(X ‖ Y),
 * Base58Check-encoded (checksum = first 4 bytes of double SHA-256). Keccak-256 (not NIST SHA3-256, whose
 * padding differs) comes from @noble/hashes, since Node's crypto has no Keccak. Tested against published
 * vectors in tests/unit/tron-address.test.ts. The chain itself stays simulated (no network).
 */
export interface KeyPair {
  readonly private_key: string;
  readonly public_key: string;
  readonly hex_address: string;
  readonly address: string;
}

/** The 21-byte payload (0x41 ‖ 20 bytes) of an uncompressed secp256k1 public key (65 bytes, 0x04 first). */
export function addressPayloadOf(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) throw new Error('expected an uncompressed secp256k1 public key (65 bytes, 0x04 first)');
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(keccak_256(publicKey.subarray(1)).subarray(12), 1);
  return payload;
}

/** The T… address of an uncompressed public key. */
export const addressOf = (publicKey: Uint8Array): string => base58CheckEncode(addressPayloadOf(publicKey));

/** The key pair of a private key (64 hex characters; a new random one when absent). */
export function keyPair(privateHex?: string): KeyPair {
  const ecdh = createECDH('secp256k1');
  const priv = privateHex ? Buffer.from(privateHex, 'hex') : randomBytes(32);
  ecdh.setPrivateKey(priv); // throws on a key outside the curve's range: callers check first
  const pub = ecdh.getPublicKey();
  const payload = addressPayloadOf(pub);
  return {
    private_key: priv.toString('hex'),
    public_key: pub.toString('hex'),
    hex_address: Buffer.from(payload).toString('hex'),
    address: base58CheckEncode(payload),
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
