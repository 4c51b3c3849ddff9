import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import type { CallDef, Locale } from '../../contracts/index.ts';
import type { CallContext } from '../services/call-checks.ts';
import type { Clock } from '../services/clock.ts';
import type { Filter, Value } from './engine.ts';

/** A call whose body is a zod object: its shape is where writable columns and filters come from. */
export type ObjectCall = CallDef<string, z.ZodObject, z.ZodType>;

/** The contract calls a resource serves; each one present gets a handler. */
export interface ResourceCalls {
  readonly inquire?: ObjectCall;
  readonly add?: ObjectCall;
  /** Its request shape (but `id`) is the list of columns an update may write. */
  readonly update?: ObjectCall;
  /** Delete (or, with `softDelete`, move to the bin) a list of ids: all or none. */
  readonly remove?: ObjectCall;
  /** Soft delete only: take ids out of the bin. */
  readonly restore?: ObjectCall;
  /** Soft delete only: delete for good, only rows already in the bin. */
  readonly purge?: ObjectCall;
}

export type BodyOf<C> = C extends ObjectCall ? z.output<C['request']> : never;
export type ListKey<C extends ResourceCalls> = Exclude<keyof BodyOf<C['inquire']> & string, 'page' | 'page_size'>;

/** The part of the server's services the engine itself uses. */
export interface EngineServices {
  readonly db: Database;
  readonly clock: Clock;
}

/**
 * What the engine's handlers and a resource's rules receive: the request as the router validated it. The
 * router's HandlerContext is this and more (the raw request), so an engine handler is a handler. `S` is what
 * the rules may use besides: the engine's own two services unless a rule's parameter names more (a rule in
 * handlers/ that writes `(ctx: EngineContext<typeof call, Services>)` gets the whole bag).
 */
export type EngineContext<C extends ObjectCall, S extends EngineServices = EngineServices> = CallContext<z.output<C['request']>, S>;

export type Ctx<C, S extends EngineServices = EngineServices> = C extends ObjectCall ? EngineContext<C, S> : never;

/** A handler the engine makes for one call. */
export type EngineHandler<C extends ObjectCall, S extends EngineServices = EngineServices> = (ctx: EngineContext<C, S>) => z.input<C['response']>;

/** Whose rows a list shows, as a condition over a user id column (`1` for administrators). */
export interface OwnerScope {
  sql(column: string): string;
  readonly params: readonly Value[];
}

/** A row the caller may address: its id, owner (null for shared catalogues) and the selected columns. */
export interface Found<R> {
  readonly id: number;
  readonly owner: number | null;
  readonly row: R;
}

/** A column whose value must be unique; a clash answers 409 naming the field. */
export interface Unique {
  readonly column: string;
  /** Unique among one owner's rows only (group names), not over the table. */
  readonly perOwner?: boolean;
  /** i18n key of the 409 message (default `errors.value_taken`); the field is prefixed as for validation. */
  readonly message?: string;
}

/** Rows are flagged instead of deleted; `remove` moves to the bin, `restore` back, `purge` deletes from it. */
export interface SoftDelete {
  readonly column: string;
  readonly live: number;
  readonly removed: number;
  /** Column set to the removal time (NULL again on restore). */
  readonly time?: string;
  /** i18n key of the 409 a purge of a row outside the bin answers. */
  readonly notRemoved: string;
}

/**
 * The real rules of a resource; each runs inside the call's transaction (throw to refuse, nothing changes),
 * but `committed`, which runs once the call's own transaction committed.
 */
export interface Rules<C extends ResourceCalls, R, A = R, S extends EngineServices = EngineServices> {
  /** Checks before an insert; may name the owner (default: the caller) and set or derive column values. */
  add?(ctx: Ctx<C['add'], S>): { owner?: number; values?: Record<string, Value> } | void;
  /** After the insert, before the answer is read: rows of other tables that belong to the new one. */
  added?(ctx: Ctx<C['add'], S>, id: number): void;
  /** Checks before an update of the caller's row; may return more column values. */
  update?(ctx: Ctx<C['update'], S>, found: Found<R>): Record<string, Value> | void;
  /**
   * Before a remove (or a move to the bin) takes the caller's rows: refusals that need the rows, reads of what
   * goes with them (grants a foreign key deletes). May return what to do once the removal is committed.
   */
  removing?(ctx: Ctx<C['remove'], S>, found: readonly Found<R>[]): void | (() => void);
  /** After a hard remove (or a move to the bin) of the caller's rows, before the commit. */
  remove?(ctx: Ctx<C['remove'], S>, found: readonly Found<R>[]): void;
  /** Before a purge deletes the rows: dependent rows without foreign keys. */
  purge?(ctx: Ctx<C['purge'], S>, found: readonly Found<R>[]): void;
  /**
   * After the call's transaction committed (never when a rule refused): what lies outside the database, such
   * as closing sockets, pushing a menu refresh or sweeping by a new retention. Its answer is the call's.
   */
  committed?: {
    add?(ctx: Ctx<C['add'], S>, row: A): void;
    update?(ctx: Ctx<C['update'], S>, row: A): void;
    remove?(ctx: Ctx<C['remove'], S>, found: readonly Found<R>[]): void;
  };
}

/**
 * A resource, declared: the table, what a list joins and shows, whose rows they are, which request keys
 * filter, what is unique, how it is deleted, and the calls it serves. `defineResource` makes the handlers.
 */
export interface ResourceSpec<C extends ResourceCalls, R extends object, A = R, S extends EngineServices = EngineServices> {
  readonly calls: C;
  /** Schema of a selected row (typing only; usually the contract's item schema). */
  readonly row?: z.ZodType<R>;
  readonly table: string;
  /** Alias of the table in `select`, `joins` and filters. */
  readonly alias: string;
  /** Select list (static SQL); default every column of the table. */
  readonly select?: string;
  readonly joins?: string;
  /** Fixed condition of every list (e.g. only the children of live QR codes); lookups by id ignore it. */
  readonly where?: string;
  /**
   * Column holding the owning user's id: a customer sees and changes only their rows (another's id is 404),
   * an administrator every row. `x.col` names a joined table's column (e.g. the parent's owner).
   * Absent: a shared catalogue, guarded by the calls' permissions alone.
   */
  readonly owner?: string;
  /** Rows are personal (an inbox): administrators too see and change only their own. */
  readonly personal?: boolean;
  /** Lists: an agent sees the rows of their customers (`superior_id`) besides their own. */
  readonly team?: boolean;
  /**
   * Lists: the total from a maintained counter instead of COUNT(*) (a million-row aggregate); `filters`: the
   * request keys that filtered, `owners`: the caller's owner condition over a user id column; undefined falls
   * back to COUNT(*).
   */
  readonly total?: (
    db: Database,
    q: { readonly filtered: boolean; readonly filters: readonly string[]; readonly body: Readonly<Record<string, unknown>>; readonly owners: OwnerScope },
  ) => number | undefined;
  readonly filters?: { readonly [K in ListKey<C>]?: Filter };
  /** ORDER BY of lists: static SQL, or chosen from a whitelist by request keys (`sortBy`). */
  readonly orderBy: string | ((body: BodyOf<C['inquire']>) => string);
  readonly unique?: readonly Unique[];
  /** Column set to the time of the insert / of every change. */
  readonly created?: string;
  readonly touched?: string;
  /** Request fields of add/update that are not columns (handled by rules). */
  readonly notColumns?: readonly string[];
  readonly softDelete?: SoftDelete;
  /** Selected rows → answer rows (computed fields, children, texts the server wrote in the reader's `locale`); default as selected. */
  readonly present?: (rows: R[], db: Database, locale: Locale) => A[];
  readonly rules?: Rules<C, R, A, S>;
}
