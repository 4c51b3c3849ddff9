import type { Database } from 'better-sqlite3';

/**
 * Rows read and written by tests without SQL in the test body (house style 11): a table, a condition as an
 * object (`{ account: 'customer02' }`, or an id), the columns. Names are checked as plain identifiers, values
 * are always bound. For what the server itself must do, tests go through HTTP; these reach the database only to
 * arrange a state no call makes (a disabled account, a tightened config) or to look at what a call left.
 */
type Value = string | number | bigint | null;
export type Where = number | Readonly<Record<string, Value>>;

const IDENT = /^[a-z_][a-z0-9_]*$/;
const ident = (name: string): string => {
  if (!IDENT.test(name)) throw new Error(`rows helper: bad identifier ${JSON.stringify(name)}`);
  return name;
};

function whereOf(where: Where): { sql: string; params: Value[] } {
  const entries = Object.entries(typeof where === 'number' ? { id: where } : where);
  if (!entries.length) return { sql: '', params: [] };
  return { sql: ` WHERE ${entries.map(([c, v]) => `${ident(c)} ${v === null ? 'IS' : '='} ?`).join(' AND ')}`, params: entries.map(([, v]) => v) };
}

const columnsOf = (columns: readonly string[] | undefined) => (columns?.length ? columns.map(ident).join(', ') : '*');

/** The one row matching `where` (an id or columns), or undefined. */
export function rowOf<T = Record<string, unknown>>(db: Database, table: string, where: Where, columns?: readonly string[]): T | undefined {
  const w = whereOf(where);
  return db.prepare(`SELECT ${columnsOf(columns)} FROM ${ident(table)}${w.sql} LIMIT 1`).get(...w.params) as T | undefined;
}

/** One column of the row matching `where`. */
export function valueOf<T = unknown>(db: Database, table: string, column: string, where: Where): T | undefined {
  return (rowOf<Record<string, T>>(db, table, where, [column]) ?? {})[column];
}

/** Every row matching `where`, in `orderBy` order (a column, `-column` for descending; default id). */
export function rowsOf<T = Record<string, unknown>>(
  db: Database,
  table: string,
  where: Where = {},
  options: { readonly columns?: readonly string[]; readonly orderBy?: string } = {},
): T[] {
  const w = whereOf(where);
  const order = options.orderBy ?? 'id';
  const by = order.startsWith('-') ? `${ident(order.slice(1))} DESC` : ident(order);
  return db.prepare(`SELECT ${columnsOf(options.columns)} FROM ${ident(table)}${w.sql} ORDER BY ${by}`).all(...w.params) as T[];
}

/** One column of every row matching `where`, in id order (or `orderBy`). */
export function valuesOf<T = unknown>(db: Database, table: string, column: string, where: Where = {}, orderBy?: string): T[] {
  return rowsOf<Record<string, T>>(db, table, where, { columns: [column], orderBy }).map((r) => r[column]!);
}

export function countOf(db: Database, table: string, where: Where = {}): number {
  const w = whereOf(where);
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${ident(table)}${w.sql}`).get(...w.params) as { n: number }).n;
}

/** Set columns of the rows matching `where`; answers how many changed. */
export function setRows(db: Database, table: string, where: Where, values: Readonly<Record<string, Value>>): number {
  const entries = Object.entries(values);
  const w = whereOf(where);
  const sql = `UPDATE ${ident(table)} SET ${entries.map(([c]) => `${ident(c)} = ?`).join(', ')}${w.sql}`;
  return db.prepare(sql).run(...entries.map(([, v]) => v), ...w.params).changes;
}

/** Insert one row; answers its id. */
export function insertRow(db: Database, table: string, values: Readonly<Record<string, Value>>): number {
  const cols = Object.keys(values).map(ident);
  const sql = `INSERT INTO ${ident(table)} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`;
  return Number(db.prepare(sql).run(...Object.values(values)).lastInsertRowid);
}

/** Delete the rows matching `where`; answers how many went. */
export function deleteRows(db: Database, table: string, where: Where): number {
  const w = whereOf(where);
  return db.prepare(`DELETE FROM ${ident(table)}${w.sql}`).run(...w.params).changes;
}
