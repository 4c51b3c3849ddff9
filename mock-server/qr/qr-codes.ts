import type { Database } from 'better-sqlite3';
import type { ParsedRequestOf, QrCode, QrCodeChild, qrCodeAdd } from '../../contracts/index.ts';
import { qrCode, visitPath } from '../../contracts/index.ts';
import { prepared } from '../resources/engine.ts';

/** A qr_codes row joined with what the API shows beside it (the resource's select; children come after). */
export const qrRow = qrCode.omit({ children: true, entry_url: true });
type QrRow = ReturnType<typeof qrRow.parse>;

export const QR_SELECT = `q.id, q.user_id, u.account, q.name, q.file_name, q.password, q.domain_id, COALESCE(d.domain, '') AS domain,
    d.display_type, q.group_id, COALESCE(g.name, '') AS group_name, q.internal_code_group_id,
    COALESCE(ig.name, '') AS internal_code_group_name, q.short_code_type, q.rotation_type, q.visit_threshold,
    q.jump_type, q.visit_method, q.visit_restriction, q.open_log, q.removed, q.remove_time, q.view_number,
    q.ip_view_number, q.record_count, q.remark, q.create_time, q.update_time`;

export const QR_JOINS = `JOIN users u ON u.id = q.user_id
  LEFT JOIN domains d ON d.id = q.domain_id
  LEFT JOIN qr_groups g ON g.id = q.group_id
  LEFT JOIN internal_code_groups ig ON ig.id = q.internal_code_group_id`;

/** The children's SELECT for `n` codes, each text built once (its hash is then kept by the string). */
const childrenTexts: string[] = [];
const childrenSql = (n: number): string =>
  (childrenTexts[n] ??= `SELECT * FROM qr_code_children WHERE qr_code_id IN (${Array.from({ length: n }, () => '?').join(',')}) ORDER BY qr_code_id, sort, id`);

const entryUrl = (r: QrRow): string => (r.domain ? `http://${r.domain}${visitPath(r.file_name)}` : '');

/** Rows as answered: each with its children (one query for the page) and its entry URL. */
export function withChildren(rows: QrRow[], db: Database): QrCode[] {
  if (rows.length === 0) return [];
  // One code (details, every add and update answer): its children as they are, no grouping by code.
  if (rows.length === 1) {
    const r = rows[0]!;
    return [{ ...r, entry_url: entryUrl(r), children: prepared(db, childrenSql(1)).all(r.id) as QrCodeChild[] }];
  }
  const ids = rows.map((r) => r.id);
  // Cached statements (the text varies only with the page's size): preparing costs more than running it on
  // the hottest read of the API (details by id, bench:api).
  const all = prepared(db, childrenSql(ids.length)).all(...ids) as QrCodeChild[];
  const byCode = new Map<number, QrCodeChild[]>();
  for (const c of all) {
    const list = byCode.get(c.qr_code_id) ?? [];
    list.push(c);
    byCode.set(c.qr_code_id, list);
  }
  return rows.map((r) => ({
    ...r,
    entry_url: entryUrl(r),
    children: byCode.get(r.id) ?? [],
  }));
}

type Child = ParsedRequestOf<typeof qrCodeAdd>['children'][number];

/** Replace a code's children; the first becomes current with a full turn. */
export function writeChildren(db: Database, qrCodeId: number, children: readonly Child[], defaultThreshold: number, time: string): void {
  db.prepare('DELETE FROM qr_code_children WHERE qr_code_id = ?').run(qrCodeId);
  const insert = db.prepare(
    `INSERT INTO qr_code_children (qr_code_id, url, sort, visit_threshold, remaining, current, create_time) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  children.forEach((c, i) => {
    const threshold = c.visit_threshold ?? defaultThreshold;
    insert.run(qrCodeId, c.url, i, threshold, threshold, i === 0 ? 2 : 1, time);
  });
}

/**
 * A code's visits per turn is the threshold of every one of its target URLs (spec §4's "visit threshold"): setting
 * it on the code sets it on each link, and a turn under way keeps at most the new count (as rotation/update caps it).
 * The rotation screen can still set one link apart afterwards.
 */
export function setChildThresholds(db: Database, qrCodeId: number, threshold: number): void {
  db.prepare('UPDATE qr_code_children SET visit_threshold = ?, remaining = MIN(remaining, ?) WHERE qr_code_id = ?').run(threshold, threshold, qrCodeId);
}
