import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import {
  neutraliseCell,
  AsyncOperationType,
  callsByPath,
  EXPORT_JOB_MAX_ROWS,
  PAGE_SIZE_MAX,
  pickLocale,
  type CallDef,
  type CappedPage,
  type Page,
} from '../../../contracts/index.ts';
import { ApiError, badRequest, forbidden } from '../../services/errors.ts';
import { checkAccess, describeIssue } from '../../services/call-checks.ts';
import type { UserRow } from '../../services/users.ts';
import type { JobKind, JobServices } from '../kind.ts';

/** Input of an export job: the list call and its filters (checked against its schema when the job starts). */
export interface ExportParams {
  path: string;
  filters: Record<string, unknown>;
}
interface ExportCursor {
  page: number;
  rows: number;
  columns: string[] | null;
}

/**
 * The start of job `jobId`'s export file names: `export-<tag>-<id>-`, the tag being 12 hex digits of the
 * SHA-256 of the database file's name. Databases in one folder share its `exports/` and number their jobs
 * from 1 each, so `export-<id>-` alone named another database's files too, and a crash clean-up removed them.
 */
export function exportFilePrefix(db: Pick<JobServices['db'], 'name'>, jobId: number): string {
  const tag = createHash('sha256').update(path.basename(db.name)).digest('hex').slice(0, 12);
  return `export-${tag}-${jobId}-`;
}

/** A registered call that answers pages and takes page/page_size: the only kind an export may run. */
export function exportableCall(pathName: string): CallDef {
  const call = callsByPath.get(pathName);
  const shape = (call?.request as { shape?: Record<string, unknown> } | undefined)?.shape;
  const answers = (call?.response as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!call || !shape || !('page' in shape) || !('page_size' in shape) || !answers || !('content' in answers) || !('total' in answers)) {
    throw badRequest('errors.export_not_list', { field: 'path' });
  }
  return call;
}

/** The list call's request for one page; a filter that breaks its schema answers 400 naming `filters.<field>`. */
export function pageBody(call: CallDef, filters: Record<string, unknown>, page: number): Record<string, unknown> {
  const parsed = call.request.safeParse({ ...filters, page, page_size: PAGE_SIZE_MAX });
  if (!parsed.success) {
    const { key, field, vars } = describeIssue(parsed.error);
    throw new ApiError(400, key, { field: `filters.${field}`, ...vars });
  }
  return parsed.data as Record<string, unknown>;
}

/** The operating user as the list call sees them: still active, still allowed to make the call. */
function operator(services: Pick<JobServices, 'users'>, userId: number, call: CallDef): UserRow {
  const user = services.users.byId(userId);
  if (!user || user.status === 2 || user.disable === 2) throw forbidden();
  checkAccess(services, call, user);
  return user;
}


/**
 * Kind 1: one step = one page (PAGE_SIZE_MAX rows) of the list call, run through its own handler as the
 * operating user (so its owner scope applies), appended to the CSV. Formula-looking cells are neutralised by
 * the one rule of contracts/csv.ts (numbers stay numbers).
 */
export const csvExportKind: JobKind = {
  type: AsyncOperationType.values.csv_export,
  async step({ services, callAs, dataDir }, job) {
    const params = JSON.parse(job.params) as ExportParams;
    const cursor = JSON.parse(job.cursor) as ExportCursor;
    const call = exportableCall(params.path);
    const user = operator(services, job.user_id, call);
    const page = (await callAs(call, user, pageBody(call, params.filters, cursor.page), pickLocale(job.locale))) as Page<Record<string, unknown>>;
    const file = job.file || path.join(dataDir, `${exportFilePrefix(services.db, job.id)}${randomUUID()}.csv`);
    const columns = cursor.columns ?? (page.content[0] ? Object.keys(page.content[0]) : []);
    const room = EXPORT_JOB_MAX_ROWS - cursor.rows;
    const rows = page.content.slice(0, room);
    const first = cursor.page === 1;
    const csv = Papa.unparse({ fields: columns, data: rows.map((r) => columns.map((c) => neutraliseCell(r[c]))) }, { header: first, newline: '\r\n' });
    // A BOM first, as the console's own exports do, so spreadsheet apps read Chinese text correctly.
    const text = first ? `\uFEFF${csv}` : csv;
    const write = () => {
      fs.mkdirSync(dataDir, { recursive: true });
      if (text) fs.appendFileSync(file, `${text}\r\n`);
      // The file name is kept on the row from the first step, so a later step appends to the same file.
      if (!job.file) services.db.prepare('UPDATE async_operations SET file = ? WHERE id = ?').run(file, job.id);
    };
    const done = cursor.rows + rows.length;
    // A capped total (cappedPageOf) is a floor, not the count: such an export runs until a short page.
    const capped = (page as Partial<CappedPage<unknown>>).total_capped === true;
    const total = Math.min(capped ? EXPORT_JOB_MAX_ROWS : page.total, EXPORT_JOB_MAX_ROWS);
    if (page.content.length < PAGE_SIZE_MAX || (!capped && done >= page.total) || done >= EXPORT_JOB_MAX_ROWS) {
      const truncated = (capped || page.total > done) && done >= EXPORT_JOB_MAX_ROWS;
      return {
        done: true,
        write,
        file,
        message: truncated ? 'jobs.exported_truncated' : 'jobs.exported',
        vars: { rows: done },
        link: `async_operations/download?id=${job.id}`,
      };
    }
    const next: ExportCursor = { page: cursor.page + 1, rows: done, columns };
    return { done: false, write, cursor: next, progress: total ? (done * 100) / total : 0 };
  },
  /**
   * An interrupted export leaves no partial file: the one its row names, and one whose first step appended
   * but never committed the name (it starts with `exportFilePrefix`, so it is found without the row). Only
   * this database's names: another database sharing the folder has jobs of the same ids.
   */
  abandon({ services, dataDir }, job) {
    if (job.file) fs.rmSync(job.file, { force: true });
    // No exports folder yet: nothing was written.
    const names = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
    const own = exportFilePrefix(services.db, job.id);
    for (const name of names) if (name.startsWith(own)) fs.rmSync(path.join(dataDir, name), { force: true });
  },
};
