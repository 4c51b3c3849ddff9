import { z } from 'zod';
import { ANY_USER } from '../access.ts';
import { defineCall } from '../call.ts';
import { emptyRequest } from '../envelope.ts';
import { UPLOAD_URL_PREFIX } from '../server-paths.ts';

/** Image kinds `file/add` stores, recognised by their first bytes (never by name or declared type). */
export const UPLOAD_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const UPLOAD_MIME: Readonly<Record<UploadType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

export const uploadedFile = z.object({
  /** Path on this server to use in product, picture and icon forms: `/uploads/<random name>.<ext>`. */
  url: z.string().startsWith(UPLOAD_URL_PREFIX),
  /** The stored name (random; the client's file name is never used). */
  name: z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp|gif)$/),
  size: z.int().min(1),
  type: z.enum(UPLOAD_TYPES),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/**
 * Spec §7 "File upload path: api/file/add". The body is multipart/form-data with one file in `file`
 * (`upload: true`), streamed by mock-server/uploads/ with the upload config's size limit; the request schema
 * is the JSON fallback, which is refused with 400 (send multipart).
 */
export const fileAdd = defineCall({
  path: 'file/add',
  summary:
    'Upload one image (PNG, JPEG, WebP or GIF, recognised by content) as multipart/form-data in the field "file", ' +
    "up to the upload config's size limit (413 'File upload limit exceeded'). Answers its URL.",
  access: ANY_USER,
  request: emptyRequest,
  response: uploadedFile,
  upload: true,
});

export const uploadCalls = [fileAdd] as const;
