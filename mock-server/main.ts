import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerMode } from './compose.ts';
import { OutsideOptionsError, outsideProblem } from './outside/options.ts';

/**
 * `npm run mock -- [--port N] [--host H] [--db FILE] [--reset] [--mode dev|test|production] [--static DIR]
 *   [--state NAME] [--journal-size N] [--proxy URL --record DIR | --replay DIR [--unrecorded mock|501]]`.
 * Environment: PORT (8080), HOST (127.0.0.1), MOCK_DB (.data/mock.db), MOCK_MODE (dev),
 * MOCK_ALLOWED_ORIGINS (comma-separated extra Origins allowed to open the WebSocket; its own host always is),
 * MOCK_CONTROL_TOKEN (lets peers other than loopback use /__control when they send it in x-control-token),
 * MOCK_JOURNAL_SIZE (entries the dev/test journal keeps, 5000), MOCK_JOURNAL_BYTES (its ceiling in bytes, 32 MiB),
 * MOCK_JOURNAL_BODY_BYTES (characters of one body it keeps, 64 KiB), MOCK_STATES_CACHE (where shipped states are
 * built ahead), MOCK_STATES_WARM=0 (do not build missing shipped states in the background at start).
 */
const USAGE =
  'usage: npm run mock -- [--port N] [--host H] [--db FILE] [--reset] [--mode dev|test|production] [--static DIR] [--state NAME] [--journal-size N] [--proxy URL --record DIR | --replay DIR [--unrecorded mock|501]]';

/** A bad flag or value: one sentence naming it, the usage, exit 2 (no stack trace). */
function refuse(problem: string): never {
  console.error(`npm run mock: ${problem}\n${USAGE}`);
  process.exit(2);
}

const values = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        reset: { type: 'boolean', default: false },
        mode: { type: 'string' },
        static: { type: 'string' },
        state: { type: 'string' },
        'journal-size': { type: 'string' },
        proxy: { type: 'string' },
        record: { type: 'string' },
        replay: { type: 'string' },
        unrecorded: { type: 'string' },
      },
    }).values;
  } catch (e) {
    refuse(e instanceof Error ? e.message : String(e));
  }
})();

const port = Number(values.port ?? process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  refuse(
    `--port (or PORT) must be a port number 0–65535 (0: a free one), not "${values.port ?? process.env.PORT}"`,
  );
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
const dbPath = values.db ?? process.env.MOCK_DB ?? '.data/mock.db';
const mode = (values.mode ?? process.env.MOCK_MODE ?? 'dev') as ServerMode;
if (!['dev', 'test', 'production'].includes(mode))
  refuse(`--mode must be dev, test or production, not "${mode}"`);

if (values.reset && dbPath !== ':memory:') {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.resolve(dbPath + suffix), { force: true });
}

const started = Date.now();
const allowedOrigins = (process.env.MOCK_ALLOWED_ORIGINS ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter(Boolean);
const controlToken = process.env.MOCK_CONTROL_TOKEN || undefined;
const journalSize = Number(values['journal-size'] ?? process.env.MOCK_JOURNAL_SIZE ?? 5000);
if (!Number.isInteger(journalSize) || journalSize < 0)
  refuse(
    `--journal-size must be a whole number (0: no journal), not "${values['journal-size'] ?? process.env.MOCK_JOURNAL_SIZE}"`,
  );
/** A whole number from the environment, or undefined (the server's default). */
function envCount(name: string, min: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    refuse(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return n;
}
const journalBytes = envCount('MOCK_JOURNAL_BYTES', 65_536);
const journalBodyCap = envCount('MOCK_JOURNAL_BODY_BYTES', 256);
const outside = {
  proxy: values.proxy,
  record: values.record,
  replay: values.replay,
  unrecorded: values.unrecorded as 'mock' | '501' | undefined,
};
// Before the database is opened (and seeded): a bad flag costs no start.
const outsideFlags = outsideProblem(outside);
if (outsideFlags) {
  console.error(`npm run mock: ${outsideFlags}`);
  process.exit(2);
}
// The server's modules load once the flags are known to make a command: a bad flag is said at once.
const [{ createMockServer }, { startCheckMs }, { DatabaseStartError }] = await Promise.all([
  import('./app.ts'),
  import('./db/open.ts'),
  import('./db/start-check.ts'),
]);
let server: ReturnType<typeof createMockServer>;
try {
  server = createMockServer({
    dbPath,
    mode,
    staticDir: values.static,
    seed: true,
    allowedOrigins,
    controlToken,
    qa: { journalSize, journalBytes, journalBodyCap },
    outside,
  });
} catch (e) {
  // Issue 20: an unusable database file is one plain sentence (what and what to do), never a stack trace; so are
  // record/replay flags that do not make a command.
  if (e instanceof OutsideOptionsError) {
    console.error(`npm run mock: ${e.message}`);
    process.exit(2);
  }
  if (!(e instanceof DatabaseStartError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const checkMs = startCheckMs.get(server.mock.db);
// A named state (docs/mock-and-qa-tools.md) is loaded before the port opens, so no console sees the seed first.
if (values.state) {
  if (!server.mock.qa) throw new Error('--state needs --mode dev or test');
  const loaded = await server.mock.qa.states.load(values.state);
  console.log(
    `state ${loaded.name} loaded in ${loaded.ms} ms${loaded.built ? ' (built from the seed)' : ''}`,
  );
}
server.listen(port, host, () => {
  // The bound port, not the asked one: `--port 0` picks a free port and this line tells it (crash tests read it).
  const bound = (server.address() as AddressInfo).port;
  const where = `http://${host.includes(':') ? `[${host}]` : host}:${bound}/`;
  const check = checkMs === undefined ? '' : ` (quick_check ${checkMs.toFixed(0)} ms)`;
  console.log(`mock server (${mode}) ready in ${Date.now() - started} ms on ${where}  db=${dbPath}${check}`);
  if (values.static) console.log(`console: ${where}#/admin_login`);
  if (values.proxy)
    console.log(`proxying /api and /ws to ${values.proxy}; exchanges and drift in ${values.record}`);
  if (values.replay)
    console.log(`replaying ${values.replay}; unrecorded calls: ${values.unrecorded ?? 'mock'}`);
  // Shipped states are built ahead (docs/decisions/2026-11-29-states-built-ahead.md): the missing ones now, in a
  // child process, so the first `state/load` of each takes milliseconds.
  const states = server.mock.qa?.states;
  if (states && dbPath !== ':memory:' && process.env.MOCK_STATES_WARM !== '0') {
    states.warm().then(
      () => console.log(`shipped states ready in ${states.cache().dir}`),
      (e: unknown) =>
        console.error(
          `shipped states could not be built ahead: ${e instanceof Error ? e.message : String(e)}`,
        ),
    );
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
