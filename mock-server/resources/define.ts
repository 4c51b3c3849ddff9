import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { COUNT_CAP, DEFAULT_LOCALE, type Locale } from '../../contracts/index.ts';
import { requireUser } from '../services/call-checks.ts';
import { formatDateTime } from '../services/clock.ts';
import { ApiError, conflict, notFound } from '../services/errors.ts';
import type { UserRow } from '../services/users.ts';
import { isAdmin, ownerScope } from '../services/scope.ts';
import { bindable, ident, prepared, qualify, Where, type FilterSpec, type Value } from './engine.ts';
import type { BodyOf, EngineContext, EngineHandler, EngineServices, Found, ObjectCall, OwnerScope, ResourceCalls, ResourceSpec } from './spec.ts';

export type { EngineContext, Found, ResourceSpec } from './spec.ts';

/** The handler of each call a resource serves, keyed by the call's path (spread into `defineHandlers`). */
export type ResourceHandlers<C extends ResourceCalls, S extends EngineServices = EngineServices> = {
  [K in keyof C as C[K] extends ObjectCall ? C[K]['path'] : never]: C[K] extends ObjectCall ? EngineHandler<C[K], S> : never;
};

/** Columns a call may write: its request shape's keys (static code, not request keys) but id and non-columns. */
const columnsOf = (call: ObjectCall | undefined, except: readonly string[]): string[] =>
  Object.keys(call?.request.shape ?? {}).filter((k) => k !== 'id' && !except.includes(k)).map((k) => (ident(k), k));

/** What a removal answers, read from the call's response schema: nothing, `{ updated }` or `{ removed }`. */
function countAnswer(call: ObjectCall, n: number): unknown {
  if (call.response instanceof z.ZodNull) return null;
  return call.response instanceof z.ZodObject && 'updated' in call.response.shape ? { updated: n } : { removed: n };
}

const now = (services: EngineServices) => formatDateTime(services.clock.now());

/**
 * A resource from its spec: the list / lookup / write operations (for handlers with special calls) and
 * `handlers`, one per declared call. Every write runs in one transaction with the spec's rules.
 */
export function defineResource<const C extends ResourceCalls, R extends object = Record<string, unknown>, A = R, S extends EngineServices = EngineServices>(
  spec: ResourceSpec<C, R, A, S>,
) {
  const { alias, calls, rules = {} } = spec;
  const table = ident(spec.table);
  ident(alias);
  const col = (c: string) => qualify(alias, c);
  const ownerExpr = spec.owner ? col(spec.owner) : 'NULL';
  /** The owner column of the table itself (inserts fill it); none when the owner is a joined parent's. */
  const ownColumn = spec.owner && !spec.owner.includes('.') ? spec.owner : undefined;
  const from = `FROM ${table} ${alias} ${spec.joins ?? ''}`;
  const select = `SELECT ${spec.select ?? `${alias}.*`}, ${ownerExpr} AS _owner, ${alias}.id AS _id ${from}`;
  /** The rows as answered, for reads that need neither helper column (lists, `get`): no copy to drop them. */
  const selectRows = `SELECT ${spec.select ?? `${alias}.*`} ${from}`;
  const addColumns = columnsOf(calls.add, spec.notColumns ?? []);
  const updateColumns = columnsOf(calls.update, spec.notColumns ?? []);
  const filters = Object.entries(spec.filters ?? {}).map(([key, f]) => {
    const filter: FilterSpec = typeof f === 'string' ? { op: f } : (f as FilterSpec);
    return { key, filter, column: col(filter.column ?? key) };
  });
  const soft = spec.softDelete;
  /** The inquire call answers `cappedPageOf` (contracts/envelope.ts): its COUNT stops past COUNT_CAP. */
  const response = calls.inquire?.response;
  const cappedCount = response instanceof z.ZodObject && 'total_capped' in response.shape;

  type Raw = Record<string, unknown> & { _owner: number | null; _id: number };
  const found = ({ _owner, _id, ...row }: Raw): Found<R> => ({ id: _id, owner: _owner, row: row as R });
  const present = (db: Database, rows: R[], locale: Locale): A[] => (spec.present ? spec.present(rows, db, locale) : (rows as unknown as A[]));

  /** The owner id statements are scoped by: none for administrators, unless rows are personal (an inbox). */
  const scopeOf = (user: UserRow): number | undefined => (spec.personal ? user.id : ownerScope(user));

  /**
   * The four texts of `find` (scoped or not, a state or not), built once: the hottest read (details by id)
   * built and hashed a ~1 KB string per call to find its prepared statement.
   */
  const findTexts: string[] = [];
  const findText = (byOwner: boolean, byState: boolean): string => {
    const i = (byOwner ? 1 : 0) + (byState ? 2 : 0);
    let text = findTexts[i];
    if (text === undefined) {
      const where = byOwner ? new Where().add(`${ownerExpr} = ?`) : new Where();
      where.add(`${alias}.id = ?`);
      if (byState) where.add(`${col(soft!.column)} = ?`);
      findTexts[i] = text = `${select} ${where.sql}`;
    }
    return text;
  };

  /** One row by id, the caller's own (no scope for administrators: `undefined`), else 404. */
  function find(db: Database, id: number, scope: number | undefined, state?: number): Found<R> {
    const byState = !!soft && state !== undefined;
    const params: Value[] = scope === undefined ? [id] : [scope, id];
    if (byState) params.push(state);
    const raw = prepared(db, findText(scope !== undefined, byState)).get(...params) as Raw | undefined;
    if (!raw) throw notFound();
    return found(raw);
  }

  /** Every id of a list or a 404 (ids repeated count once): "all or none" starts here. */
  const findAll = (db: Database, ids: readonly number[], scope: number | undefined, state?: number) =>
    [...new Set(ids)].map((id) => find(db, id, scope, state));

  /** Whose rows a list shows: `team` lists add an agent's customers to the agent's own rows. */
  function ownersOf(user: UserRow | null): OwnerScope {
    if (!spec.owner) return { sql: () => '1', params: [] };
    const me = requireUser(user);
    if (spec.team && !spec.personal && me.role_kind === 'agent')
      // `+`: no index on the owner column here, so a newest-first page walks the time index and stops at the
      // page (per-owner ranges would each be read whole and sorted: 0.4 s over an agent's million rows).
      return { sql: (c) => `+${c} IN (SELECT id FROM users WHERE id = ? OR superior_id = ?)`, params: [me.id, me.id] };
    const scope = scopeOf(me);
    return scope === undefined ? { sql: () => '1', params: [] } : { sql: (c) => `${c} = ?`, params: [scope] };
  }

  /** A page of the list; `user` null only for a shared catalogue read by a public call; `locale`: the reader's. */
  function list(db: Database, body: BodyOf<C['inquire']> & { page: number; page_size: number }, user: UserRow | null, locale: Locale = DEFAULT_LOCALE) {
    const owners = ownersOf(user);
    const mine = owners.sql(ownerExpr);
    const where = mine === '1' ? new Where() : new Where().add(mine, ...owners.params);
    if (spec.where) where.add(spec.where);
    const fixed = where.parts.length;
    const admin = user !== null && isAdmin(user);
    const values = body as Record<string, unknown>;
    for (const f of filters) if (admin || !f.filter.adminOnly) where.filter(f.column, f.filter, values[f.key]);
    const set = filters.filter((f) => (admin || !f.filter.adminOnly) && ![undefined, null, ''].includes(values[f.key] as never)).map((f) => f.key);
    const counted = spec.total?.(db, { filtered: where.parts.length > fixed, filters: set, body: values, owners });
    let total = counted ?? 0;
    let capped = false;
    if (counted === undefined && cappedCount) {
      // Stop counting at COUNT_CAP + 1 matches: a first page pays for the page, not for every match.
      total = (prepared(db, `SELECT COUNT(*) AS n FROM (SELECT 1 ${from} ${where.sql} LIMIT ${COUNT_CAP + 1})`).get(...where.params) as { n: number }).n;
      capped = total > COUNT_CAP;
      if (capped) total = COUNT_CAP;
    } else if (counted === undefined) total = (prepared(db, `SELECT COUNT(*) AS n ${from} ${where.sql}`).get(...where.params) as { n: number }).n;
    const order = typeof spec.orderBy === 'string' ? spec.orderBy : spec.orderBy(body);
    const rows = prepared(db, `${selectRows} ${where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...where.params, body.page_size, (body.page - 1) * body.page_size) as R[];
    const content = present(db, rows, locale);
    return cappedCount ? { content, total, total_capped: capped } : { content, total };
  }

  /** 409 naming the field when a unique column's new value is taken (by another row / of the same owner). */
  function checkUnique(db: Database, values: Record<string, Value>, owner: number | null, exceptId = 0): void {
    for (const u of spec.unique ?? []) {
      const value = values[u.column];
      if (value === undefined) continue;
      const where = new Where().add(`${ident(u.column)} = ?`, value).add('id <> ?', exceptId);
      if (u.perOwner && ownColumn) where.add(`${ident(ownColumn)} IS ?`, owner);
      if (prepared(db, `SELECT 1 FROM ${table} ${where.sql} LIMIT 1`).get(...where.params)) {
        throw new ApiError(409, u.message ?? 'errors.value_taken', { field: u.column });
      }
    }
  }

  const pick = (columns: readonly string[], body: Record<string, unknown>): Record<string, Value> =>
    Object.fromEntries(columns.filter((c) => body[c] !== undefined).map((c) => [c, bindable(c, body[c])]));

  function setColumns(db: Database, id: number, values: Record<string, Value>, time: string): number {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined);
    if (spec.touched && entries.length) entries.push([spec.touched, time]);
    if (!entries.length) return 0;
    const sql = `UPDATE ${table} SET ${entries.map(([c]) => `${ident(c)} = ?`).join(', ')} WHERE id = ?`;
    return prepared(db, sql).run(...entries.map(([, v]) => v), id).changes;
  }

  /**
   * `find`'s row without its `_owner`/`_id` helpers, read straight as answered: the same columns in the same
   * order, and no rest-destructuring copy of a wide row (7 µs of the 30 a details read cost, bench:api).
   */
  const rowTexts: string[] = [];
  const rowText = (byOwner: boolean): string =>
    (rowTexts[byOwner ? 1 : 0] ??= `${selectRows} ${(byOwner ? new Where().add(`${ownerExpr} = ?`) : new Where()).add(`${alias}.id = ?`).sql}`);
  const get = (db: Database, id: number, scope?: number, locale: Locale = DEFAULT_LOCALE): A => {
    const row = prepared(db, rowText(scope !== undefined)).get(...(scope === undefined ? [id] : [scope, id])) as R | undefined;
    if (!row) throw notFound();
    return present(db, [row], locale)[0]!;
  };

  const handlers: Record<string, EngineHandler<ObjectCall>> = {};
  /** What a write leaves for after its commit (`removing`'s answer, the `committed` rules). */
  type Later = (f: () => void) => void;
  const on = (call: ObjectCall | undefined, h: (ctx: EngineContext<ObjectCall>, later: Later) => unknown) => {
    // Each handler's answer is checked against its contract in dev and test modes; the engine is untyped inside.
    if (call)
      handlers[call.path] = (ctx) => {
        const after: (() => void)[] = [];
        const answer = ctx.services.db.transaction(() => h(ctx, (f) => after.push(f)))();
        for (const f of after) f();
        return answer;
      };
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rule is typed per call; the engine calls it with that call's context
  type AnyRule = ((ctx: any, ...rest: any[]) => any) | undefined;
  const rule = rules as Record<string, AnyRule>;
  const committed = (rules.committed ?? {}) as Record<string, AnyRule>;

  on(calls.inquire, ({ body, services, user, locale }) => list(services.db, body as never, user, locale));

  on(calls.add, (ctx, later) => {
    const { db } = ctx.services;
    const plan = (rule.add?.(ctx) ?? {}) as { owner?: number; values?: Record<string, Value> };
    const owner = ownColumn ? (plan.owner ?? ctx.me().id) : null;
    const values = { ...pick(addColumns, ctx.body), ...plan.values };
    checkUnique(db, values, owner);
    const time = now(ctx.services);
    if (ownColumn) values[ownColumn] = owner;
    if (spec.created) values[spec.created] = time;
    if (spec.touched) values[spec.touched] = time;
    const cols = Object.keys(values);
    const info = prepared(db, `INSERT INTO ${table} (${cols.map(ident).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`).run(...Object.values(values));
    const id = Number(info.lastInsertRowid);
    rule.added?.(ctx, id);
    const row = get(db, id);
    if (committed.add) later(() => committed.add!(ctx, row));
    return row;
  });

  on(calls.update, (ctx, later) => {
    const { db } = ctx.services;
    const { id } = ctx.body as { id: number };
    const row = find(db, id, scopeOf(ctx.me()));
    const values = { ...pick(updateColumns, ctx.body), ...rule.update?.(ctx, row) };
    checkUnique(db, values, row.owner, id);
    setColumns(db, id, values, now(ctx.services));
    const answer = get(db, id);
    if (committed.update) later(() => committed.update!(ctx, answer));
    return answer;
  });

  on(calls.remove, (ctx, later) => {
    const { db } = ctx.services;
    const rows = findAll(db, (ctx.body as { ids: number[] }).ids, scopeOf(ctx.me()), soft?.live);
    const then = rule.removing?.(ctx, rows) as (() => void) | void;
    if (then) later(then);
    if (committed.remove) later(() => committed.remove!(ctx, rows));
    const time = now(ctx.services);
    for (const r of rows) {
      if (soft) setColumns(db, r.id, { [soft.column]: soft.removed, ...(soft.time ? { [soft.time]: time } : {}) }, time);
      else prepared(db, `DELETE FROM ${table} WHERE id = ?`).run(r.id);
    }
    rule.remove?.(ctx, rows);
    return countAnswer(calls.remove!, rows.length);
  });

  on(soft && calls.restore, (ctx) => {
    const rows = findAll(ctx.services.db, (ctx.body as { ids: number[] }).ids, scopeOf(ctx.me()), soft!.removed);
    const time = now(ctx.services);
    for (const r of rows) setColumns(ctx.services.db, r.id, { [soft!.column]: soft!.live, ...(soft!.time ? { [soft!.time]: null } : {}) }, time);
    return countAnswer(calls.restore!, rows.length);
  });

  on(soft && calls.purge, (ctx) => {
    const { db } = ctx.services;
    const rows = findAll(db, (ctx.body as { ids: number[] }).ids, scopeOf(ctx.me()));
    const inBin = prepared(db, `SELECT ${ident(soft!.column)} AS s FROM ${table} WHERE id = ?`);
    if (rows.some((r) => (inBin.get(r.id) as { s: number }).s !== soft!.removed)) throw conflict(soft!.notRemoved);
    rule.purge?.(ctx, rows);
    for (const r of rows) prepared(db, `DELETE FROM ${table} WHERE id = ?`).run(r.id);
    return countAnswer(calls.purge!, rows.length);
  });

  return {
    /** One handler per declared call; spread into the area's `defineHandlers`. */
    handlers: handlers as unknown as ResourceHandlers<C>,
    list,
    find,
    findAll,
    /** A row as answered (after `present`), scoped like `find`. */
    get,
    /** Write the update call's columns present in `values` (others are ignored) and the touched time; 1 if the row changed. */
    set(db: Database, id: number, values: Readonly<Record<string, unknown>>, time: string): number {
      return setColumns(db, id, pick(updateColumns, values), time);
    },
    checkUnique,
    scopeOf,
  };
}
