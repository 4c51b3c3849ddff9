import { SECRET_MASK, type UploadConfig } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import type { Services } from '../compose.ts';

const UPLOAD_COLUMNS = ['domain_name', 'region', 'access_key_id', 'access_key_secret', 'bucket', 'save_path', 'upload_type', 'size_limit_bytes', 'allowed_types'] as const;

function uploadConfigOf(services: Services): UploadConfig {
  const row = services.db.prepare(`SELECT ${UPLOAD_COLUMNS.join(', ')} FROM upload_config WHERE id = 1`).get() as UploadConfig;
  return { ...row, access_key_secret: row.access_key_secret ? SECRET_MASK : '' };
}

/** Upload settings: the upload_config row `file/add` reads per upload. */
export const uploadConfigHandlers = defineHandlers({
  'image_config/inquire': ({ services }) => uploadConfigOf(services),
  'image_config/update': ({ body, services }) => {
    // The secret is write-only: an empty value or the mask read back keeps the stored one.
    const keepSecret = body.access_key_secret === undefined || body.access_key_secret === '' || body.access_key_secret === SECRET_MASK;
    const sets = UPLOAD_COLUMNS.filter((c) => body[c] !== undefined && !(c === 'access_key_secret' && keepSecret));
    if (sets.length) {
      // Column names come from the fixed list above, values are bound.
      services.db
        .prepare(`UPDATE upload_config SET ${sets.map((c) => `${c} = ?`).join(', ')} WHERE id = 1`)
        .run(...sets.map((c) => body[c] as string | number));
    }
    return uploadConfigOf(services);
  },
});
