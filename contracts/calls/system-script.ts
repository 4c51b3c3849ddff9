import { z } from 'zod';
import { permission } from '../access.ts';
import { defineCall } from '../call.ts';
import { defineEnum } from '../enum.ts';
import { id } from '../envelope.ts';
import { asyncOperation } from './system-async-operations.ts';

/**
 * The fixed script catalogue every server offers (issue 13): a code, never a command line. Each script is
 * simulated by the mock (deterministic output lines, no shell, no network); see docs/features.md, "System tools".
 */
export const ScriptCode = defineEnum('script_code', {
  disk_usage: 1,
  restart_visit_service: 2,
  clear_cache: 3,
  rotate_logs: 4,
  check_certificate: 5,
});

export const scriptCatalogue = defineCall({
  path: 'script/catalogue',
  summary: 'The scripts a server offers (the fixed catalogue; an unknown server answers 404).',
  access: permission('script'),
  audit: false,
  request: z.strictObject({ server_id: id }),
  response: z.object({ server_id: id, scripts: z.array(ScriptCode.schema) }),
});

export const scriptRun = defineCall({
  path: 'script/run',
  summary:
    'Run a catalogue script on a server as a background job (progress on frame 20; output through script/output). ' +
    'Unknown server 404, a script outside the catalogue 400, a disabled server 409.',
  access: permission('script', 'run'),
  // Starts a job: sent again after a time-out it would start a second one.
  idempotent: false,
  request: z.strictObject({ server_id: id, script: ScriptCode.schema }),
  response: asyncOperation,
});

export const scriptOutput = defineCall({
  path: 'script/output',
  summary: 'The output of a script run so far, as plain text; only the user who started it may read it (anyone else: 404).',
  access: permission('script'),
  audit: false,
  request: z.strictObject({ id }),
  response: z.object({ id, text: z.string() }),
});

export const scriptCalls = [scriptCatalogue, scriptRun, scriptOutput] as const;
