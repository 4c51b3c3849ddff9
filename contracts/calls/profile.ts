import { z } from 'zod';
import { ANY_USER } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';
import { userInfo } from './auth.ts';

/**
 * The personal center (spec: "personal center"): the caller's own name and phone, and two-factor binding.
 * Binding is two steps without stored state: `admin/totp_generate` answers a fresh secret (and its otpauth
 * URI for the QR code the console draws locally), `admin/bind_totp` takes that secret with a code from the
 * authenticator and stores it only when the code matches. Unbinding needs a current code too.
 */
const totpCode = z.string({ error: 'validation.totp_format' }).regex(/^\d{6}$/, 'validation.totp_format');
/** RFC 4648 base32, as authenticator apps read it. */
const base32Secret = z.string().regex(/^[A-Z2-7]{16,64}$/, 'validation.totp_secret');

export const updateProfile = defineCall({
  path: 'admin/update_profile',
  summary: 'Change the own name and phone; answers the updated user info.',
  access: ANY_USER,
  request: z.strictObject({
    name: z.string().trim().max(64).optional(),
    phone: z.string().trim().max(32).regex(/^[0-9+\- ]*$/, 'validation.phone_format').optional(),
  }),
  response: userInfo,
});

export const totpGenerate = defineCall({
  path: 'admin/totp_generate',
  summary: 'A fresh TOTP secret (SHA-1, 6 digits, 30 s) and its otpauth URI; nothing is stored until bind_totp.',
  access: ANY_USER,
  audit: false,
  request: emptyRequest,
  response: z.object({ secret: z.string(), uri: z.string() }),
});

export const totpBind = defineCall({
  path: 'admin/bind_totp',
  summary: 'Turn two-factor login on with the generated secret and a current code from it (wrong code: 400 naming code).',
  access: ANY_USER,
  request: z.strictObject({ secret: base32Secret, code: totpCode }).meta({ examples: [{ secret: 'JBSWY3DPEHPK3PXP', code: '123456' }] }),
  response: userInfo,
});

export const totpUnbind = defineCall({
  path: 'admin/unbind_totp',
  summary: 'Turn two-factor login off with a current code (wrong code: 400 naming code).',
  access: ANY_USER,
  request: z.strictObject({ code: totpCode }).meta({ examples: [{ code: '123456' }] }),
  response: userInfo,
});

export const profileCalls = [updateProfile, totpGenerate, totpBind, totpUnbind] as const;
