import { AsyncOperationType, ScriptCode, ServerStatus } from '../../contracts/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { defineHandlers } from '../http/handler.ts';
import type { Services } from '../compose.ts';
import type { ScriptCursor } from '../jobs/kinds/script-run.ts';
import type { ScriptParams } from '../jobs/script-params.ts';
import { jobStore, toAsyncOperation } from '../jobs/store.ts';

interface ServerRow {
  id: number;
  name: string;
  host: string;
  status: number;
}

function server(services: Services, id: number): ServerRow {
  const row = services.db.prepare('SELECT id, name, host, status FROM servers WHERE id = ?').get(id) as ServerRow | undefined;
  if (!row) throw notFound('errors.server_not_found');
  return row;
}

/** Every server offers the whole fixed catalogue (the servers are simulated alike). */
const CATALOGUE = ScriptCode.options.map((o) => o.value as ScriptParams['script']);

export const scriptHandlers = defineHandlers({
  'script/catalogue': ({ body, services }) => {
    server(services, body.server_id);
    return { server_id: body.server_id, scripts: CATALOGUE };
  },

  'script/run': ({ body, services, me, locale }) => {
    const row = server(services, body.server_id);
    if (row.status !== ServerStatus.values.enabled) throw conflict('errors.server_disabled');
    const params: ScriptParams = { server_id: row.id, name: row.name, host: row.host, script: body.script };
    const cursor: ScriptCursor = { step: 0, lines: [] };
    const job = services.jobs.enqueue(me().id, AsyncOperationType.values.script_run, params, cursor, locale);
    return toAsyncOperation(job, locale);
  },

  'script/output': ({ body, services, me }) => {
    const row = jobStore(services.db).get(body.id);
    // Only the user who started the run, as with export downloads.
    if (!row || row.user_id !== me().id || row.type !== AsyncOperationType.values.script_run) throw notFound('errors.script_run_not_found');
    const { lines } = JSON.parse(row.cursor) as ScriptCursor;
    return { id: row.id, text: lines.join('\n') };
  },
});
