import { z } from 'zod';
import { PUBLIC } from '../access.ts';
import { defineCall } from '../call.ts';
import { id } from '../envelope.ts';

// The public share page's one call, apart from the QR code calls: the page is public and its saga runs before
// login, so this file is in the login page's first load and must not bring the QR code schemas with it.

export const shareAccessResult = z.object({ name: z.string(), id, view_number: z.int().min(0), ip_view_number: z.int().min(0) });
export type ShareAccessResult = z.infer<typeof shareAccessResult>;

export const qrCodeShareAccess = defineCall({
  path: 'qr_code_list/share_access',
  summary:
    'Public share figures of a QR code by file_name and share password. Unknown code, wrong password, sharing off ' +
    '(empty password) or a removed code all answer 404 with the same message.',
  access: PUBLIC,
  request: z.strictObject({
    file_name: z.string().trim().min(1, 'validation.share_query').max(64),
    password: z.string().min(1, 'validation.share_query').max(64),
  }),
  response: shareAccessResult,
});

