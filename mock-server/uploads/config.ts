import type { Database } from 'better-sqlite3';
import { UPLOAD_TYPES, type UploadType } from '../../contracts/index.ts';
import { UPLOAD_CONFIG_DEFAULTS } from '../db/migrations/007-uploads.ts';

export interface UploadLimits {
  /** Largest file accepted, in bytes (upload_config.size_limit_bytes). */
  sizeLimit: number;
  /** Kinds accepted: the config's list, never beyond the four image kinds the sniffer knows (no SVG). */
  allowed: ReadonlySet<UploadType>;
}

/** The limits of `file/add`, read at each upload so a change of the config applies at once. */
export function readUploadLimits(db: Database): UploadLimits {
  const row =
    (db.prepare('SELECT size_limit_bytes, allowed_types FROM upload_config WHERE id = 1').get() as
      { size_limit_bytes: number; allowed_types: string } | undefined) ?? UPLOAD_CONFIG_DEFAULTS;
  const listed = new Set(row.allowed_types.split(',').map((t) => t.trim()));
  return { sizeLimit: row.size_limit_bytes, allowed: new Set(UPLOAD_TYPES.filter((t) => listed.has(t))) };
}
