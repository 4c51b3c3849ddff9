import fs from 'node:fs';
import { AsyncOperationStatus, AsyncOperationType } from '../../contracts/index.ts';
import { defineHandlers } from '../http/handler.ts';
import { notFound } from '../http/errors.ts';
import { exportableCall, pageBody, type ExportParams } from '../jobs/kinds/csv-export.ts';
import { jobStore, toAsyncOperation } from '../jobs/store.ts';
import { ownerScope } from '../services/scope.ts';
import { checkAccess } from '../services/call-checks.ts';
import { asAsked } from '../http/pseudo.ts';
import type { AsyncOperation } from '../../contracts/index.ts';

/** A job as answered: its message in the language asked (the pseudo language included). */
const answered = (req: Parameters<typeof asAsked>[0], op: AsyncOperation): AsyncOperation => ({ ...op, message: asAsked(req, op.message) });

export const asyncOperationsHandlers = defineHandlers({
  'async_operations/inquire': ({ body, services, me, locale, req }) => {
    const page = jobStore(services.db).list(body, ownerScope(me()));
    return { content: page.content.map((r) => answered(req, toAsyncOperation(r, locale))), total: page.total };
  },

  'async_operations/export': ({ body, services, me, locale, req }) => {
    const user = me();
    const call = exportableCall(body.path);
    // The caller must be allowed to make the list call itself (403 otherwise), and the filters must fit it.
    checkAccess(services, call, user);
    const { page: _page, page_size: _size, ...filters } = pageBody(call, body.filters, 1);
    const params: ExportParams = { path: call.path, filters };
    const job = services.jobs.enqueue(user.id, AsyncOperationType.values.csv_export, params, { page: 1, rows: 0, columns: null }, locale);
    return answered(req, toAsyncOperation(job, locale));
  },

  'async_operations/download': ({ body, services, me }) => {
    const row = jobStore(services.db).get(body.id);
    // Only the user who started the export (not even an administrator): the file holds that user's rows.
    if (
      !row ||
      row.user_id !== me().id ||
      row.type !== AsyncOperationType.values.csv_export ||
      row.status !== AsyncOperationStatus.values.completed ||
      !row.file ||
      !fs.existsSync(row.file)
    ) {
      throw notFound('errors.job_not_found');
    }
    const { path } = JSON.parse(row.params) as ExportParams;
    return { file_name: `${path.replace(/\//g, '-')}-${row.id}.csv`, content: fs.readFileSync(row.file, 'utf8') };
  },
});
