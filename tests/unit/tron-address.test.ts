import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode, isTronAddress, tronAddressBytes } from '../../contracts/tron-address.ts';
import { addressOf, keyPair } from '../../mock-server/chain/keys.ts';

/**
 * Published TRON vectors, not ours:
 * - public key → address: consenlabs/token-core-monorepo, token-core/tcx-tron/src/address.rs (`tron_address`);
 * - private key → address: trustwallet/wallet-core, tests/chains/Tron/AddressTests.cpp (`FromPublicKey`).
 */
const PUBLIC_KEY =
  '04DAAC763B1B3492720E404C53D323BAF29391996F7DD5FA27EF0D12F7D50D694700684A32AD97FF4C09BF9CF0B9D0AC7F0091D9C6CB8BE9BB6A1106DA557285D8';

describe('TRON address derivation (Keccak-256, Base58Check)', () => {
  it('derives the published address of a public key', () => {
    expect(addressOf(Buffer.from(PUBLIC_KEY, 'hex'))).toBe('THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acotq');
  });

  it.each([
    ['2d8f68944bdbfbc0769542fba8fc2d2a3de67393334471624364c7006da2aa54', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'],
    ['be88df1d0bf30a923cb39c3bb953178baaf3726e8d3ce81e7c8462e046e0d835', 'THRF3GuPnvvPzKoaT8pJex5XHmo8NNbCb3'],
  ])('derives the published address of private key %s', (priv, address) => {
    const pair = keyPair(priv);
    expect(pair.address).toBe(address);
    expect(pair.hex_address).toMatch(/^41[0-9a-f]{40}$/);
    expect(Buffer.from(tronAddressBytes(address)!).toString('hex')).toBe(pair.hex_address);
  });

  it('refuses a public key that is not uncompressed', () => {
    expect(() => addressOf(Buffer.from(PUBLIC_KEY, 'hex').subarray(1))).toThrow(/uncompressed/);
  });
});

describe('TRON address validation', () => {
  it('accepts addresses whose checksum holds', () => {
    for (const a of ['THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acotq', 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC', keyPair().address]) expect(isTronAddress(a)).toBe(true);
  });

  it.each([
    ['one character changed', 'THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acotr'],
    ['two characters swapped', 'THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acoqt'],
    ['one character short', 'THfuSDVRvSsjNDPFdGjMU19Ha4Kf7acot'],
    ['a letter outside Base58', 'THfuSDVRvSsjNDPFdGjMU19Ha4Kf7aco0'],
    ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a Bitcoin address', '175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W'],
    ['empty', ''],
  ])('refuses %s', (_, address) => {
    expect(isTronAddress(address)).toBe(false);
  });

  it('round-trips Base58 with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Encode(bytes)).toMatch(/^11/);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
  });
});
