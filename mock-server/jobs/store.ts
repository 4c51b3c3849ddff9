import type { Database } from 'better-sqlite3';
import { AsyncOperationStatus, AsyncOperationType, type AsyncOperation, type Locale } from '../../contracts/index.ts';
import type { ScriptParams } from './script-params.ts';
import { translateJobMessage } from './messages.ts';
import { perDatabase } from '../services/scope.ts';

/** A row of `async_operations` (migration 005). */
export interface JobRow {
  id: number;
  user_id: number;
  account: string;
  type: number;
  status: number;
  progress: number;
  link: string;
  message: string;
  message_vars: string;
  locale: string;
  params: string;
  cursor: string;
  file: string;
  /** Steps committed so far (migration 031): 0 = queued, never started. */
  steps: number;
  create_time: string;
  update_time: string;
}

export const IN_PROGRESS = AsyncOperationStatus.values.in_progress;
export const COMPLETED = AsyncOperationStatus.values.completed;
export const ABNORMAL = AsyncOperationStatus.values.abnormal;

/** What a step (or the end of a job) changes on its row. */
export interface JobPatch {
  status?: number;
  progress?: number;
  link?: string;
  message?: string;
  vars?: Record<string, string | number>;
  cursor?: unknown;
  file?: string;
  /** A step of the kind committed with this patch (counts `steps`). */
  stepped?: boolean;
}

const SELECT = 'SELECT j.*, u.account FROM async_operations j JOIN users u ON u.id = j.user_id';

export interface JobListQuery {
  page: number;
  page_size: number;
  type?: number;
  status?: number;
  start_time?: string;
  end_time?: string;
}

/** Prepared statements of the jobs table, one set per database. */
export const jobStore = perDatabase((db: Database) => {
  const byId = db.prepare<[number], JobRow>(`${SELECT} WHERE j.id = ?`);
  const oldest = db.prepare<[number], JobRow>(`${SELECT} WHERE j.status = ? ORDER BY j.id LIMIT 1`);
  const insert = db.prepare(
    `INSERT INTO async_operations (user_id, type, params, cursor, locale, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    get: (id: number) => byId.get(id),
    oldestRunning: () => oldest.get(IN_PROGRESS),
    insert(userId: number, type: number, params: unknown, cursor: unknown, locale: Locale, time: string): number {
      return Number(insert.run(userId, type, JSON.stringify(params), JSON.stringify(cursor), locale, time, time).lastInsertRowid);
    },
    update(id: number, patch: JobPatch, time: string): void {
      const sets: string[] = ['update_time = ?'];
      const values: (string | number)[] = [time];
      const set = (column: string, value: string | number | undefined) => {
        if (value === undefined) return;
        sets.push(`${column} = ?`);
        values.push(value);
      };
      set('status', patch.status);
      set('progress', patch.progress);
      set('link', patch.link);
      set('message', patch.message);
      set('message_vars', patch.vars && JSON.stringify(patch.vars));
      set('cursor', patch.cursor === undefined ? undefined : JSON.stringify(patch.cursor));
      set('file', patch.file);
      if (patch.stepped) sets.push('steps = steps + 1');
      db.prepare(`UPDATE async_operations SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
    },
    /**
     * Rows a stopped server left in progress after at least one step become abnormal (a half-done step cannot
     * be told from a whole one, so they are never resumed) and lose their file name; answers them as they were.
     * Rows that never took a step stay in progress: they are simply still queued.
     */
    markInterrupted(time: string): JobRow[] {
      return db.transaction(() => {
        const rows = db.prepare<[number], JobRow>(`${SELECT} WHERE j.status = ? AND j.steps > 0 ORDER BY j.id`).all(IN_PROGRESS);
        const mark = db.prepare(`UPDATE async_operations SET status = ?, message = 'jobs.interrupted', message_vars = '{}', file = '', update_time = ? WHERE id = ?`);
        for (const r of rows) mark.run(ABNORMAL, time, r.id);
        return rows;
      })();
    },
    /** Jobs queued and never started (in progress, no step yet). */
    queued: () => (db.prepare('SELECT COUNT(*) FROM async_operations WHERE status = ? AND steps = 0').pluck().get(IN_PROGRESS) as number),
    list(query: JobListQuery, ownerId: number | undefined): { content: JobRow[]; total: number } {
      const where: string[] = [];
      const params: (string | number)[] = [];
      const add = (clause: string, value: string | number | undefined) => {
        if (value === undefined) return;
        where.push(clause);
        params.push(value);
      };
      add('j.user_id = ?', ownerId);
      add('j.type = ?', query.type);
      add('j.status = ?', query.status);
      add('j.create_time >= ?', query.start_time);
      add('j.create_time <= ?', query.end_time);
      const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM async_operations j ${clause}`).get(...params) as { n: number }).n;
      const content = db
        .prepare<unknown[], JobRow>(`${SELECT} ${clause} ORDER BY j.id DESC LIMIT ? OFFSET ?`)
        .all(...params, query.page_size, (query.page - 1) * query.page_size);
      return { content, total };
    },
  };
});

export function jobMessage(row: Pick<JobRow, 'message' | 'message_vars'>, locale: Locale): string {
  if (!row.message) return '';
  return translateJobMessage(row.message, locale, JSON.parse(row.message_vars) as Record<string, string | number>);
}

/** Which script ran on which server (kept in a script run's params as they were at the start). */
function scriptOf(row: JobRow): Pick<AsyncOperation, 'script' | 'server'> {
  if (row.type !== AsyncOperationType.values.script_run) return { script: null, server: '' };
  const p = JSON.parse(row.params) as Partial<ScriptParams>;
  return { script: p.script ?? null, server: p.name ? `${p.name} (${p.host ?? ''})` : '' };
}

/** The row as the API shows it (message in the reader's language; params, cursor and file stay inside). */
export function toAsyncOperation(row: JobRow, locale: Locale): AsyncOperation {
  return {
    id: row.id,
    user_id: row.user_id,
    account: row.account,
    type: row.type as AsyncOperation['type'],
    status: row.status as AsyncOperation['status'],
    progress: row.progress,
    link: row.link,
    message: jobMessage(row, locale),
    ...scriptOf(row),
    create_time: row.create_time,
    update_time: row.update_time,
  };
}
