import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMockServer } from './app.ts';
import { startCheckMs } from './db/open.ts';
import { DatabaseStartError } from './db/start-check.ts';
import type { ServerMode } from './services/index.ts';

/**
 * `npm run mock -- [--port N] [--host H] [--db FILE] [--reset] [--mode dev|test|production] [--static DIR]`.
 * Environment: PORT (8080), HOST (127.0.0.1), MOCK_DB (.data/mock.db), MOCK_MODE (dev),
 * MOCK_ALLOWED_ORIGINS (comma-separated extra Origins allowed to open the WebSocket; its own host always is),
 * MOCK_CONTROL_TOKEN (lets peers other than loopback use /__control when they send it in x-control-token).
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    reset: { type: 'boolean', default: false },
    mode: { type: 'string' },
    static: { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 8080);
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const dbPath = values.db ?? process.env.MOCK_DB ?? '.data/mock.db';
const mode = (values.mode ?? process.env.MOCK_MODE ?? 'dev') as ServerMode;
if (!['dev', 'test', 'production'].includes(mode)) throw new Error(`--mode must be dev, test or production, not ${mode}`);

if (values.reset && dbPath !== ':memory:') {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(dbPath + suffix), { force: true });
}

const started = Date.now();
const allowedOrigins = (process.env.MOCK_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
const controlToken = process.env.MOCK_CONTROL_TOKEN || undefined;
let server: ReturnType<typeof createMockServer>;
try {
  server = createMockServer({ dbPath, mode, staticDir: values.static, seed: true, allowedOrigins, controlToken });
} catch (e) {
  // Issue 20: an unusable database file is one plain sentence (what and what to do), never a stack trace.
  if (!(e instanceof DatabaseStartError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const checkMs = startCheckMs.get(server.mock.db);
server.listen(port, host, () => {
  // The bound port, not the asked one: `--port 0` picks a free port and this line tells it (crash tests read it).
  const bound = (server.address() as AddressInfo).port;
  const where = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/`;
  const check = checkMs === undefined ? '' : ` (quick_check ${checkMs.toFixed(0)} ms)`;
  console.log(`mock server (${mode}) ready in ${Date.now() - started} ms on ${where}  db=${dbPath}${check}`);
  if (values.static) console.log(`console: ${where}#/admin_login`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
