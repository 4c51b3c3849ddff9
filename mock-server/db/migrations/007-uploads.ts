import type { Migration } from '../migration.ts';

/**
 * Uploads: the upload config of spec §3 (domain name, region, access key id, access key secret, bucket, save
 * path, upload type) plus the size limit and the allowed image kinds `file/add` reads, as one row (id 1);
 * and the files stored. upload_type 1 = this server's data folder (the only kind the mock stores; the
 * object-storage fields are kept for the upload-settings screen). The default row is also seeded after a reset.
 */
export const UPLOAD_CONFIG_DEFAULTS = {
  size_limit_bytes: 5 * 1024 * 1024,
  allowed_types: 'png,jpeg,webp,gif',
} as const;

export const uploads: Migration = {
  version: 7,
  name: 'uploads: upload_config, files',
  sql: `
    CREATE TABLE upload_config (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      domain_name TEXT NOT NULL DEFAULT '',
      region TEXT NOT NULL DEFAULT '',
      access_key_id TEXT NOT NULL DEFAULT '',
      access_key_secret TEXT NOT NULL DEFAULT '',
      bucket TEXT NOT NULL DEFAULT '',
      save_path TEXT NOT NULL DEFAULT 'uploads',
      upload_type INTEGER NOT NULL DEFAULT 1 CHECK (upload_type > 0),
      size_limit_bytes INTEGER NOT NULL DEFAULT ${UPLOAD_CONFIG_DEFAULTS.size_limit_bytes}
        CHECK (size_limit_bytes BETWEEN 1 AND 104857600),
      allowed_types TEXT NOT NULL DEFAULT '${UPLOAD_CONFIG_DEFAULTS.allowed_types}'
    ) STRICT;
    INSERT INTO upload_config (id) VALUES (1);

    CREATE TABLE files (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id),
      name TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL CHECK (type IN ('png', 'jpeg', 'webp', 'gif')),
      size INTEGER NOT NULL CHECK (size > 0),
      sha256 TEXT NOT NULL,
      create_time TEXT NOT NULL
    ) STRICT;
    CREATE INDEX files_user ON files (user_id, id);
  `,
};
