import type { Database } from 'better-sqlite3';
import { deleteRows, insertRow, setRows } from './rows.ts';

/**
 * Factories for the rows tests arrange most: `buildX(overrides)` makes the values, `insertX(db, overrides)`
 * writes them; `updateX` changes a seeded row. Defaults are the seeded world's (fixtures/seed/), so a test
 * names only what it is about.
 */

const SEED_DAY = '2026-01-01 00:00:00';

export interface LogRow {
  type: number;
  user_id: number | null;
  account: string;
  source: string;
  content: string;
  target_ids: string;
  ip: string;
  ua: string;
  at_ms: number;
  create_time: string;
}

/** An audit log row (table `logs`); `at_ms` is what retention and "clear older than" read. */
export function buildLog(overrides: Partial<LogRow> = {}): LogRow {
  return { type: 3, user_id: null, account: 'seeded', source: 'test/row', content: '', target_ids: '', ip: '', ua: '', at_ms: 0, create_time: SEED_DAY, ...overrides };
}
export const insertLog = (db: Database, overrides: Partial<LogRow> = {}): number => insertRow(db, 'logs', { ...buildLog(overrides) });

export interface ServerRow {
  name: string;
  host: string;
  remark: string;
  status: number;
  create_time: string;
}
/** A row of the server list (`servers`, issue 13's scripts). */
export function buildServer(overrides: Partial<ServerRow> = {}): ServerRow {
  return { name: 'test server', host: '10.0.0.7:22', remark: '', status: 1, create_time: SEED_DAY, ...overrides };
}
export const insertServer = (db: Database, overrides: Partial<ServerRow> = {}): number => insertRow(db, 'servers', { ...buildServer(overrides) });

type Values = Readonly<Record<string, string | number | null>>;

/** Change a seeded user (by id or account): disable, status, limits, membership … that no call of the test sets. */
export const updateUser = (db: Database, who: number | string, values: Values): number =>
  setRows(db, 'users', typeof who === 'number' ? who : { account: who }, values);

export const updateDomain = (db: Database, id: number, values: Values): number => setRows(db, 'domains', id, values);

/** The one upload config row (`upload_config`, id 1). */
export const updateUploadConfig = (db: Database, values: Values): number => setRows(db, 'upload_config', 1, values);

/** Grant or take one menu node (route or button) of a role. */
export const grantMenu = (db: Database, roleId: number, menuId: number): number => insertRow(db, 'role_menus', { role_id: roleId, menu_id: menuId });
export const revokeMenu = (db: Database, roleId: number, menuId: number): number => deleteRows(db, 'role_menus', { role_id: roleId, menu_id: menuId });

export interface AsyncOperationRow {
  user_id: number;
  type: number;
  params: string;
  cursor: string;
  locale: string;
  create_time: string;
  update_time: string;
}
/** A background job's row (`async_operations`), in progress, as `jobs.enqueue` would write it. */
export function buildAsyncOperation(overrides: Partial<AsyncOperationRow> = {}): AsyncOperationRow {
  return { user_id: 4, type: 1, params: '{}', cursor: '{}', locale: 'en', create_time: SEED_DAY, update_time: SEED_DAY, ...overrides };
}
export const insertAsyncOperation = (db: Database, overrides: Partial<AsyncOperationRow> = {}): number =>
  insertRow(db, 'async_operations', { ...buildAsyncOperation(overrides) });
