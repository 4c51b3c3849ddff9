import type { Migration } from '../migration.ts';

/**
 * The QR code list's read path at 100,000 codes (issue 25, "page of 20 ≥ 5× json-server"): a first page sorted
 * every live code (no index on the default order) and counted them all (a COUNT joined with their owners), about
 * 0.25 s of CPU per request at 100k. Now:
 * - indexes in the list's default order (newest first) for the whole service (administrators) and per owner,
 *   so a page reads 20 index entries. The whole-service one does not start with \`removed\`: with it, SQLite
 *   drove every join that says \`q.removed = 1\` (visitor/inquire at 10M) from qr_codes and sorted 1.6M rows;
 *   on (create_time, id) it cannot serve that condition and is only chosen for the order;
 * - `qr_code_counts`: codes per owner and bin state (`removed` 1 live, 2 in the recycle bin), kept by triggers
 *   on qr_codes (every writer: the console's calls, purges, the bulk seeder, QA states), so an unfiltered
 *   list's total is a sum of a few rows (`total` of the resource, mock-server/qr/qr-resource.ts).
 * Users are never deleted, so a code's owner always exists and the count equals the joined COUNT.
 * Numbered 037: several branches of this wave add migrations at once.
 */
export const qrCodeList: Migration = {
  version: 37,
  name: 'QR code list: indexes in the default order, code counts per owner kept by triggers',
  sql: `
    CREATE INDEX qr_codes_newest ON qr_codes (create_time, id);
    CREATE INDEX qr_codes_user_newest ON qr_codes (user_id, removed, create_time, id);
    CREATE TABLE qr_code_counts (
      user_id INTEGER NOT NULL,
      removed INTEGER NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (user_id, removed)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO qr_code_counts (user_id, removed, n) SELECT user_id, removed, COUNT(*) FROM qr_codes GROUP BY 1, 2;
    CREATE TRIGGER qr_codes_count_insert AFTER INSERT ON qr_codes BEGIN
      INSERT INTO qr_code_counts (user_id, removed, n) VALUES (NEW.user_id, NEW.removed, 1)
        ON CONFLICT (user_id, removed) DO UPDATE SET n = n + 1;
    END;
    CREATE TRIGGER qr_codes_count_delete AFTER DELETE ON qr_codes BEGIN
      UPDATE qr_code_counts SET n = n - 1 WHERE user_id = OLD.user_id AND removed = OLD.removed;
    END;
    CREATE TRIGGER qr_codes_count_update AFTER UPDATE OF user_id, removed ON qr_codes
      WHEN OLD.user_id IS NOT NEW.user_id OR OLD.removed IS NOT NEW.removed BEGIN
      UPDATE qr_code_counts SET n = n - 1 WHERE user_id = OLD.user_id AND removed = OLD.removed;
      INSERT INTO qr_code_counts (user_id, removed, n) VALUES (NEW.user_id, NEW.removed, 1)
        ON CONFLICT (user_id, removed) DO UPDATE SET n = n + 1;
    END;
  `,
};
