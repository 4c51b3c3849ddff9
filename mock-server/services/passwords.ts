import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt cost. OWASP: N=2^17, r=8, p=1. Test mode uses N=2^10 so suites stay fast. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LEN = 32;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LEN, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so a stored hash keeps the cost it was made with. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, N, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: +N, r: +r, p: +p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Synchronous variant for seeding, so a fresh server is ready when its factory returns. */
export function hashPasswordSync(password: string, cost: ScryptCost): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, KEY_LEN, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}
