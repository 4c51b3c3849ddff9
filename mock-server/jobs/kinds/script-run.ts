import { AsyncOperationType, ScriptCode } from '../../../contracts/index.ts';
import type { JobKind } from '../kind.ts';
import type { Script, ScriptParams } from '../script-params.ts';

/** Where a run got to; `lines` is the output so far (read by `script/output`). */
export interface ScriptCursor {
  step: number;
  lines: string[];
}

/**
 * The simulated scripts: each step's output lines, from the server's name and host only (deterministic, no
 * shell, no network). Host and name are shown as they were entered: the console shows output as text.
 */
const STEPS: Record<Script, (p: ScriptParams) => string[][]> = {
  [ScriptCode.values.disk_usage]: (p) => [
    [`$ df -h  # ${p.name} (${p.host})`, 'Filesystem      Size  Used Avail Use% Mounted on'],
    ['/dev/vda1        80G   31G   46G  41% /'],
    ['/dev/vdb1       200G  120G   80G  60% /data', 'disk usage: ok'],
  ],
  [ScriptCode.values.restart_visit_service]: (p) => [
    [`restarting visit service on ${p.name} (${p.host})`, 'stopping qr-visit ... done'],
    ['starting qr-visit ... done'],
    ['health check /v/ping: 200 OK', 'visit service restarted'],
  ],
  [ScriptCode.values.clear_cache]: (p) => [
    [`clearing cache on ${p.name} (${p.host})`],
    ['page cache: 1,024 entries removed', 'short-link cache: 512 entries removed'],
    ['cache cleared'],
  ],
  [ScriptCode.values.rotate_logs]: (p) => [
    [`rotating logs on ${p.name} (${p.host})`, 'access.log -> access.log.1.gz'],
    ['error.log -> error.log.1.gz', 'logs older than 14 days removed: 3'],
    ['logs rotated'],
  ],
  [ScriptCode.values.check_certificate]: (p) => [
    [`checking TLS certificate of ${p.host}`],
    ['issuer: Simulated CA', 'valid until: 2027-06-30 23:59:59'],
    ['certificate: ok'],
  ],
};

export function scriptSteps(params: ScriptParams): string[][] {
  return STEPS[params.script](params);
}

/** Kind 5: one simulated step per job step, its lines appended to the cursor; a last step ends the job. */
export const scriptRunKind: JobKind = {
  type: AsyncOperationType.values.script_run,
  step(_ctx, job) {
    const params = JSON.parse(job.params) as ScriptParams;
    const cursor = JSON.parse(job.cursor) as ScriptCursor;
    const steps = scriptSteps(params);
    // The final step adds no lines: a finished job keeps its cursor (the output) as the last step wrote it.
    if (cursor.step >= steps.length) {
      return { done: true, message: 'jobs.script_done', vars: { lines: cursor.lines.length }, link: `script/output?id=${job.id}` };
    }
    const next: ScriptCursor = { step: cursor.step + 1, lines: [...cursor.lines, ...steps[cursor.step]!] };
    return { done: false, progress: (next.step * 100) / (steps.length + 1), cursor: next };
  },
};
