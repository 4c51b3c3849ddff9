/**
 * `npm run bench:states -- [--mode dev|test]`: the first load of every shipped state, each in a fresh mock
 * process (`npm run mock`, dev mode by default), as QA meets it the first time after starting the mock. The
 * states are built ahead first (npm run states; already built ones are reused, and the build time is printed).
 * Each load's wall time is measured by the client over loopback, beside the answer's `ms` and the server's CPU
 * time for it (wall over CPU shows how busy the machine was). Target: ≤ 200 ms wall on 2 cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SHIPPED_STATES } from '../mock-server/control/shipped-states.ts';
import { OWASP_SCRYPT, TEST_SCRYPT } from '../mock-server/services/passwords.ts';
import { ensureShippedStates } from '../harness/states.ts';
import { startMockProcess } from '../harness/mock-process.ts';
import { printTable } from '../harness/bench.ts';

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'dev' } } });
if (values.mode !== 'dev' && values.mode !== 'test') throw new Error('--mode takes dev or test');
const mode = values.mode;

const building = performance.now();
const cache = await ensureShippedStates(mode === 'dev' ? OWASP_SCRYPT : TEST_SCRYPT);
console.log(`states built ahead in ${cache} (${((performance.now() - building) / 1000).toFixed(1)} s, 0 when they were already there)`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-states-'));
const rows: string[][] = [];
let slowest = 0;
try {
  // One seeded database, copied for each process: a fresh process, not a fresh seeding (seconds of scrypt).
  const base = path.join(dir, 'base.db');
  const seeding = await startMockProcess(['--mode', mode, '--db', base], { MOCK_STATES_WARM: '0' });
  await seeding.stop();
  for (const name of Object.keys(SHIPPED_STATES)) {
    const db = path.join(dir, `${name}.db`);
    // The seeding process was stopped with SIGTERM: its last pages may still be in the WAL file.
    for (const suffix of ['', '-wal']) if (fs.existsSync(base + suffix)) fs.copyFileSync(base + suffix, db + suffix);
    const mock = await startMockProcess(['--mode', mode, '--db', db], { MOCK_STATES_WARM: '0' });
    try {
      // The client's own first request (fetch's setup, the connection) is not the server's time.
      await mock.control('state');
      const cpu = mock.cpuMs();
      const started = performance.now();
      const res = await mock.control<{ ms: number; built: boolean }>('state/load', { name });
      const wall = performance.now() - started;
      const cpuMs = mock.cpuMs() - cpu;
      if (res.status !== 200) throw new Error(`state/load ${name}: ${res.status} ${res.body.message}`);
      slowest = Math.max(slowest, wall);
      rows.push([name, `${wall.toFixed(1)} ms`, `${res.body.data.ms} ms`, `${cpuMs} ms`, res.body.data.built ? 'yes' : 'no', wall <= 200 ? 'yes' : 'NO']);
      console.log(`first load ${name}: ${wall.toFixed(1)} ms (server CPU ${cpuMs} ms)`);
    } finally {
      await mock.stop();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`\nfirst load of each shipped state in a fresh ${mode}-mode process (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${os.cpus().length} cores):`);
printTable(['state', 'wall (client)', 'answer ms', 'server CPU', 'built on the way', '≤ 200 ms'], rows);
console.log(`slowest first state load: ${slowest.toFixed(1)} ms (target ≤ 200 ms)`);
