import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import express from 'express';
import { visitPath } from '../contracts/index.ts';
import { createMockServer } from '../mock-server/app.ts';
import { openDatabase } from '../mock-server/db/open.ts';

/**
 * The server side of `npm run bench:api`, run as a child process so the load generator never shares its
 * event loop: `--target pipeline` is the real mock server (production mode) on the seeded `--db` file;
 * `--target bare` is the floor it is measured against: Express, its JSON body parser and one route running the
 * SQL that `qr_code_list/details` runs for an id (the code joined with owner, domain and groups, then its
 * children), prepared once, answered in the same envelope. Prints `ready on <url>` once listening, and
 * answers any IPC message with its `process.cpuUsage()`.
 */
const { values } = parseArgs({ options: { target: { type: 'string' }, db: { type: 'string' } } });
if (!values.db) throw new Error('--db FILE is required');
const target = values.target;

// The SELECT of mock-server/qr/qr-codes.ts, written out so the floor does not depend on the store under test.
const SELECT_BY_ID = `
  SELECT q.id, q.user_id, u.account, q.name, q.file_name, q.password, q.domain_id, COALESCE(d.domain, '') AS domain,
    d.display_type, q.group_id, COALESCE(g.name, '') AS group_name, q.internal_code_group_id,
    COALESCE(ig.name, '') AS internal_code_group_name, q.short_code_type, q.rotation_type, q.visit_threshold,
    q.jump_type, q.visit_method, q.visit_restriction, q.open_log, q.removed, q.remove_time, q.view_number,
    q.ip_view_number, q.record_count, q.remark, q.create_time, q.update_time
  FROM qr_codes q
  JOIN users u ON u.id = q.user_id
  LEFT JOIN domains d ON d.id = q.domain_id
  LEFT JOIN qr_groups g ON g.id = q.group_id
  LEFT JOIN internal_code_groups ig ON ig.id = q.internal_code_group_id
  WHERE q.id = ?`;

function bareServer(dbPath: string) {
  const db = openDatabase(dbPath);
  const byId = db.prepare<[number], { id: number; domain: string; file_name: string }>(SELECT_BY_ID);
  const children = db.prepare('SELECT * FROM qr_code_children WHERE qr_code_id = ? ORDER BY sort, id');
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  app.post('/bare/qr_code_list/details', (req, res) => {
    const id = Number((req.body as { id?: unknown }).id);
    const row = byId.get(id);
    if (!row) {
      res.status(404).json({ status: false, message: 'not found' });
      return;
    }
    const entry_url = row.domain ? `http://${row.domain}${visitPath(row.file_name)}` : '';
    res.json({ status: true, data: { ...row, entry_url, children: children.all(id) } });
  });
  return app.listen(0, '127.0.0.1');
}

const server =
  target === 'bare'
    ? bareServer(values.db)
    : target === 'pipeline'
      ? createMockServer({ dbPath: values.db, mode: 'production', seed: true }).listen(0, '127.0.0.1')
      : null;
if (!server) throw new Error('--target must be bare or pipeline');
server.on('listening', () => {
  console.log(`ready on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
// The bench asks for this process's CPU time around each run (IPC), to count server CPU per request.
process.on('message', () => process.send?.(process.cpuUsage()));
process.on('SIGTERM', () => process.exit(0));
