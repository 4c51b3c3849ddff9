import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { emptyRequest } from '../envelope.ts';
import { maskedSecret } from '../secret.ts';

/** Where uploads go: this server's data folder (the only kind the mock stores) or object storage (kept for the form). */
export const UploadStorage = defineEnum('upload_type', { local: 1, object_storage: 2 });

/** Upload settings (spec §3 "Upload config", route `image_config`): the secret is never read back. */
export const uploadConfig = z.object({
  domain_name: z.string(),
  region: z.string(),
  access_key_id: z.string(),
  /** '' when none is stored, else '******' (write-only). */
  access_key_secret: maskedSecret,
  bucket: z.string(),
  save_path: z.string(),
  /** 1 = this server's data folder (the only kind the mock stores). */
  upload_type: UploadStorage.schema,
  /** The largest file `file/add` takes, in bytes. */
  size_limit_bytes: z.int().min(1),
  /** Comma-separated image kinds `file/add` takes (png, jpeg, webp, gif). */
  allowed_types: z.string(),
});
export type UploadConfig = z.infer<typeof uploadConfig>;


export const uploadConfigInquire = defineCall({
  path: 'image_config/inquire',
  summary: 'Upload settings; the access key secret is masked.',
  access: permission('image_config'),
  request: emptyRequest,
  response: uploadConfig,
});

export const uploadConfigUpdate = defineCall({
  path: 'image_config/update',
  summary: 'Change upload settings; only the fields sent change. An empty secret (or the mask) keeps the stored one.',
  access: permission('image_config', 'update'),
  request: z.strictObject({
    domain_name: z.string().max(255).optional(),
    region: z.string().max(64).optional(),
    access_key_id: z.string().max(128).optional(),
    access_key_secret: z.string().max(256).optional(),
    bucket: z.string().max(128).optional(),
    save_path: z.string().max(255).regex(/^[\w\-/]*$/, 'validation.save_path').optional(),
    upload_type: UploadStorage.schema.optional(),
    size_limit_bytes: z.int().min(1024).max(100 * 1024 * 1024).optional(),
    allowed_types: z
      .string()
      .regex(/^(png|jpeg|webp|gif)(,(png|jpeg|webp|gif))*$/, 'validation.allowed_types')
      .optional(),
  }),
  response: uploadConfig,
});

export const uploadConfigCalls = [uploadConfigInquire, uploadConfigUpdate] as const;
