import type { Database } from 'better-sqlite3';
import { notFound } from '../http/errors.ts';

/**
 * Generic table access for simple resources. Column and filter names come from this spec (a whitelist),
 * never from request keys; values are always bound parameters.
 */
export interface CrudSpec {
  readonly table: string;
  /** Columns a create/update may write. */
  readonly writable: readonly string[];
  /** Request keys that filter a list: exact match or substring match. */
  readonly filters?: Readonly<Record<string, 'eq' | 'like'>>;
  /** Fixed ORDER BY clause. */
  readonly orderBy: string;
  /** Column holding the owning user's id; when set, callers pass an owner to scope every statement. */
  readonly ownerColumn?: string;
  /** Column filled with the creation time on insert. */
  readonly createdColumn?: string;
}

export interface ListQuery {
  page: number;
  page_size: number;
  [filter: string]: unknown;
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};

type Value = string | number | bigint | null;

export function createCrud<Row extends { id: number }>(db: Database, spec: CrudSpec, now: () => string) {
  const table = ident(spec.table);
  const owner = spec.ownerColumn ? ident(spec.ownerColumn) : null;

  function scope(ownerId: number | undefined, where: string[], params: Value[]) {
    if (owner && ownerId !== undefined) {
      where.push(`${owner} = ?`);
      params.push(ownerId);
    }
  }

  return {
    list(query: ListQuery, ownerId?: number): { content: Row[]; total: number } {
      const where: string[] = [];
      const params: Value[] = [];
      scope(ownerId, where, params);
      for (const [key, mode] of Object.entries(spec.filters ?? {})) {
        const value = query[key];
        if (value === undefined || value === null || value === '') continue;
        if (mode === 'like') {
          where.push(`${ident(key)} LIKE ? ESCAPE '\\'`);
          params.push(`%${String(value).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        } else {
          where.push(`${ident(key)} = ?`);
          params.push(value as Value);
        }
      }
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${clause}`).get(...params) as { n: number }).n;
      const content = db
        .prepare(`SELECT * FROM ${table} ${clause} ORDER BY ${spec.orderBy} LIMIT ? OFFSET ?`)
        .all(...params, query.page_size, (query.page - 1) * query.page_size) as Row[];
      return { content, total };
    },

    get(id: number, ownerId?: number): Row {
      const where = ['id = ?'];
      const params: Value[] = [id];
      scope(ownerId, where, params);
      const row = db.prepare(`SELECT * FROM ${table} WHERE ${where.join(' AND ')}`).get(...params) as Row | undefined;
      if (!row) throw notFound();
      return row;
    },

    insert(values: Record<string, unknown>, ownerId?: number): Row {
      const cols: string[] = [];
      const params: Value[] = [];
      for (const c of spec.writable) {
        if (values[c] === undefined) continue;
        cols.push(ident(c));
        params.push(values[c] as Value);
      }
      if (owner && ownerId !== undefined) {
        cols.push(owner);
        params.push(ownerId);
      }
      if (spec.createdColumn) {
        cols.push(ident(spec.createdColumn));
        params.push(now());
      }
      const info = db
        .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
        .run(...params);
      return this.get(Number(info.lastInsertRowid));
    },

    update(id: number, values: Record<string, unknown>, ownerId?: number): Row {
      this.get(id, ownerId);
      const sets: string[] = [];
      const params: Value[] = [];
      for (const c of spec.writable) {
        if (values[c] === undefined) continue;
        sets.push(`${ident(c)} = ?`);
        params.push(values[c] as Value);
      }
      if (sets.length) db.prepare(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = ?`).run(...params, id);
      return this.get(id);
    },

    /** Delete all of `ids` or none: an id that is missing (or not the owner's) answers 404. */
    remove(ids: readonly number[], ownerId?: number): void {
      db.transaction(() => {
        for (const id of ids) this.get(id, ownerId);
        const del = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
        for (const id of ids) del.run(id);
      })();
    },
  };
}
