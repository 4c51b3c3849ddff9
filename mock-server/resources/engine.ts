import type { Database, Statement } from 'better-sqlite3';

/**
 * SQL building blocks of the resource engine. Table and column names come only from a resource's spec
 * (static code, checked against `IDENT`), never from request keys; every value is a bound parameter.
 */
export type Value = string | number | bigint | null;

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** A quoted identifier; throws at definition time on anything that is not a plain lower-case name. */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`resource spec: bad identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A column of a spec, qualified by the table alias unless the spec already names a joined table (`u.account`). */
export function qualify(alias: string, column: string): string {
  if (column.includes('.')) {
    const [a, c] = column.split('.') as [string, string];
    ident(a);
    return `${a}.${ident(c)}`;
  }
  return `${alias}.${ident(column)}`;
}

/** A request value headed for a column; anything but a scalar is a spec mistake (a non-column field). */
export function bindable(column: string, value: unknown): Value {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw new Error(`resource spec: field ${column} is not a column (declare it in notColumns)`);
}

/** LIKE pattern for a substring, with the wildcards of the input escaped (use with ESCAPE '\\'). */
export const likeSubstring = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const STATEMENTS_MAX = 512;
const statements = new WeakMap<Database, Map<string, Statement>>();

/**
 * A prepared statement, built once per database and SQL text. The engine's SQL varies only with which
 * filters a request sets, so the set of texts is small; the bound keeps a misuse from growing it forever.
 */
export function prepared(db: Database, sql: string): Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) {
    if (byText.size >= STATEMENTS_MAX) byText.clear();
    byText.set(sql, (stmt = db.prepare(sql)));
  }
  return stmt;
}

/** How one list filter of an inquire call maps to SQL. */
export interface FilterSpec {
  /**
   * eq: `col = ?`; like: substring; in: `col IN (...)` for an array; is_null: any set value means `col IS NULL`;
   * gte / lte: an inclusive bound of a range (e.g. `start_time` / `end_time` over one time column);
   * choice: the condition `choices[value]` (static SQL of the spec), the column unused.
   */
  readonly op: 'eq' | 'like' | 'in' | 'is_null' | 'gte' | 'lte' | 'choice';
  /** choice: the fixed SQL condition of each allowed value (e.g. the §9 visitor filters); other values: none. */
  readonly choices?: Readonly<Record<string, string>>;
  /** Column (default: the filter's own name on the resource's table); `x.col` for a joined table. */
  readonly column?: string;
  /** Lower-case the value first (host names are stored lower-case). */
  readonly lower?: boolean;
  /** Applied for administrators only; a customer's list is already their own (e.g. `user_id`, `account`). */
  readonly adminOnly?: boolean;
  /** The stored form of the request value (e.g. an IPv4 address kept as an integer). */
  readonly stored?: (value: never) => Value;
}
export type Filter = FilterSpec['op'] | FilterSpec;

/** A WHERE clause under construction: fragments from the spec, values bound. */
export class Where {
  readonly parts: string[] = [];
  readonly params: Value[] = [];

  add(sql: string, ...values: Value[]): this {
    this.parts.push(sql);
    this.params.push(...values);
    return this;
  }

  /** Add one filter when the request set it (undefined, null and '' mean "not set"). */
  filter(column: string, spec: FilterSpec, value: unknown): this {
    if (value === undefined || value === null || value === '') return this;
    if (spec.stored) value = spec.stored(value as never);
    switch (spec.op) {
      case 'eq':
        return this.add(`${column} = ?`, bindable(column, value));
      case 'like': {
        const text = String(value);
        return this.add(`${column} LIKE ? ESCAPE '\\'`, likeSubstring(spec.lower ? text.toLowerCase() : text));
      }
      case 'in': {
        const list = (value as unknown[]).map((v) => bindable(column, v));
        return list.length ? this.add(`${column} IN (${list.map(() => '?').join(', ')})`, ...list) : this;
      }
      case 'is_null':
        return this.add(`${column} IS NULL`);
      case 'gte':
        return this.add(`${column} >= ?`, bindable(column, value));
      case 'lte':
        return this.add(`${column} <= ?`, bindable(column, value));
      case 'choice': {
        const sql = spec.choices?.[String(value)];
        return sql ? this.add(`(${sql})`) : this;
      }
    }
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** An ORDER BY chosen by request keys, from a whitelist of the spec (e.g. the QR list's `sort` / `order`). */
export function sortBy<K extends string>(columns: Readonly<Record<K, string>>, tie: string) {
  return (body: { sort: K; order: 'asc' | 'desc' }): string => {
    const dir = body.order === 'asc' ? 'ASC' : 'DESC';
    return `${columns[body.sort]} ${dir}, ${tie} ${dir}`;
  };
}
