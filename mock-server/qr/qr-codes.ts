import type { Database } from 'better-sqlite3';
import type { QrCode, QrCodeChild } from '../../contracts/index.ts';
import { visitPath } from '../../contracts/index.ts';
import { notFound } from '../http/errors.ts';
import { likeSubstring } from './scope.ts';

/** A qr_codes row joined with what the API shows beside it. */
type QrRow = Omit<QrCode, 'children' | 'entry_url'>;

const SELECT = `
  SELECT q.id, q.user_id, u.account, q.name, q.file_name, q.password, q.domain_id, COALESCE(d.domain, '') AS domain,
    d.display_type, q.group_id, COALESCE(g.name, '') AS group_name, q.internal_code_group_id,
    COALESCE(ig.name, '') AS internal_code_group_name, q.short_code_type, q.rotation_type, q.visit_threshold,
    q.jump_type, q.visit_method, q.visit_restriction, q.open_log, q.removed, q.remove_time, q.view_number,
    q.ip_view_number, q.record_count, q.remark, q.create_time, q.update_time
  FROM qr_codes q
  JOIN users u ON u.id = q.user_id
  LEFT JOIN domains d ON d.id = q.domain_id
  LEFT JOIN qr_groups g ON g.id = q.group_id
  LEFT JOIN internal_code_groups ig ON ig.id = q.internal_code_group_id`;

/** Filters of qr_code_list/inquire and user_inquire; each maps to one fixed SQL condition. */
export interface QrListQuery {
  page: number;
  page_size: number;
  name?: string | undefined;
  file_name?: string | undefined;
  file_names?: string[] | undefined;
  domain?: string | undefined;
  domain_id?: number | undefined;
  display_type?: number | undefined;
  group_id?: number | undefined;
  internal_code_group_id?: number | undefined;
  rotation_type?: number | undefined;
  jump_type?: number | undefined;
  removed: number;
  no_domain?: 1 | undefined;
  user_id?: number | undefined;
  account?: string | undefined;
  sort: 'create_time' | 'update_time' | 'view_number' | 'ip_view_number' | 'name';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS: Record<QrListQuery['sort'], string> = {
  create_time: 'q.create_time',
  update_time: 'q.update_time',
  view_number: 'q.view_number',
  ip_view_number: 'q.ip_view_number',
  name: 'q.name',
};

type Value = string | number | null;

export function createQrCodeStore(db: Database) {
  const childrenOf = db.prepare<[number], QrCodeChild>(
    'SELECT * FROM qr_code_children WHERE qr_code_id = ? ORDER BY sort, id',
  );

  // Prepared once: reading one code by id is the hottest read of the API (bench:api), and preparing a
  // statement costs more than running it.
  const byId = db.prepare<[number], QrRow>(`${SELECT} WHERE q.id = ?`);

  function withChildren(rows: QrRow[]): QrCode[] {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const all = ids.length === 1 ? childrenOf.all(ids[0]!) : db
      .prepare(`SELECT * FROM qr_code_children WHERE qr_code_id IN (${ids.map(() => '?').join(',')}) ORDER BY qr_code_id, sort, id`)
      .all(...ids) as QrCodeChild[];
    const byCode = new Map<number, QrCodeChild[]>();
    for (const c of all) {
      const list = byCode.get(c.qr_code_id) ?? [];
      list.push(c);
      byCode.set(c.qr_code_id, list);
    }
    return rows.map((r) => ({
      ...r,
      entry_url: r.domain ? `http://${r.domain}${visitPath(r.file_name)}` : '',
      children: byCode.get(r.id) ?? [],
    }));
  }

  return {
    list(query: QrListQuery, ownerId: number | undefined): { content: QrCode[]; total: number } {
      const where: string[] = ['q.removed = ?'];
      const params: Value[] = [query.removed];
      const add = (sql: string, ...values: Value[]) => {
        where.push(sql);
        params.push(...values);
      };
      if (ownerId !== undefined) add('q.user_id = ?', ownerId);
      if (query.user_id !== undefined) add('q.user_id = ?', query.user_id);
      if (query.account) add(`u.account LIKE ? ESCAPE '\\'`, likeSubstring(query.account));
      if (query.name) add(`q.name LIKE ? ESCAPE '\\'`, likeSubstring(query.name));
      if (query.file_name) add(`q.file_name LIKE ? ESCAPE '\\'`, likeSubstring(query.file_name));
      if (query.file_names?.length) add(`q.file_name IN (${query.file_names.map(() => '?').join(',')})`, ...query.file_names);
      if (query.domain) add(`d.domain LIKE ? ESCAPE '\\'`, likeSubstring(query.domain));
      if (query.domain_id !== undefined) add('q.domain_id = ?', query.domain_id);
      if (query.display_type !== undefined) add('d.display_type = ?', query.display_type);
      if (query.group_id !== undefined) add('q.group_id = ?', query.group_id);
      if (query.internal_code_group_id !== undefined) add('q.internal_code_group_id = ?', query.internal_code_group_id);
      if (query.rotation_type !== undefined) add('q.rotation_type = ?', query.rotation_type);
      if (query.jump_type !== undefined) add('q.jump_type = ?', query.jump_type);
      if (query.no_domain) where.push('q.domain_id IS NULL');
      const clause = `WHERE ${where.join(' AND ')}`;
      const from = `FROM qr_codes q JOIN users u ON u.id = q.user_id LEFT JOIN domains d ON d.id = q.domain_id ${clause}`;
      const total = (db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...params) as { n: number }).n;
      const order = `${SORT_COLUMNS[query.sort]} ${query.order === 'asc' ? 'ASC' : 'DESC'}, q.id ${query.order === 'asc' ? 'ASC' : 'DESC'}`;
      const rows = db
        .prepare(`${SELECT} ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .all(...params, query.page_size, (query.page - 1) * query.page_size) as QrRow[];
      return { content: withChildren(rows), total };
    },

    /** One code by id, scoped to its owner unless ownerId is undefined; 404 when missing or foreign. */
    get(id: number, ownerId?: number): QrCode {
      const row = byId.get(id);
      if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound();
      return withChildren([row])[0]!;
    },

    byFileName(fileName: string): QrCode | undefined {
      const row = db.prepare(`${SELECT} WHERE q.file_name = ?`).get(fileName) as QrRow | undefined;
      return row ? withChildren([row])[0] : undefined;
    },

    children: (id: number) => childrenOf.all(id),

    /**
     * The rows of `ids`, all of them or a 404: each must exist, be the owner's (unless admin) and be in the given
     * removed state. Runs inside the caller's transaction so nothing changes on refusal.
     */
    requireAll(ids: readonly number[], ownerId: number | undefined, removed?: 1 | 2): { id: number; user_id: number; removed: number }[] {
      const get = db.prepare<[number], { id: number; user_id: number; removed: number }>('SELECT id, user_id, removed FROM qr_codes WHERE id = ?');
      return [...new Set(ids)].map((id) => {
        const row = get.get(id);
        if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound();
        if (removed !== undefined && row.removed !== removed) throw notFound();
        return row;
      });
    },
  };
}
export type QrCodeStore = ReturnType<typeof createQrCodeStore>;
