import { z } from 'zod';

/** Write-only secrets (checker keys, storage keys, platform keys): never read back, only masked. */
export const SECRET_MASK = '******';
/**
 * A write-only secret as answered: '' when none is stored, else the mask. Sending the mask back on an update
 * keeps the stored value (issue 20; tests/contract/secrets.test.ts requires this schema for secret fields).
 */
export const maskedSecret = z.enum(['', SECRET_MASK]);
