import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';

/** Server key pair for password transport (RSA-OAEP, SHA-256), made on first start and kept in settings. */
export interface RsaKeys {
  /** Public key, base64 DER SubjectPublicKeyInfo (what WebCrypto imports as 'spki'). */
  readonly spki: string;
  /** Plain text, or null when the ciphertext is not ours or not valid. */
  decrypt(base64: string): string | null;
}

export function generateRsaPem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function loadRsaKeys(privatePem: string): RsaKeys {
  const key = createPrivateKey(privatePem);
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    spki,
    decrypt(base64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
      try {
        const plain = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        );
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
