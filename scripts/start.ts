import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: build the console when dist/client is missing or older than its sources, then run the mock
 * server serving it, the API and the WebSocket on one port (PORT, HOST, MOCK_DB honoured by the server).
 */
const OUT = 'dist/client/index.html';
// The build's own plugins (precompression, Blueprint CSS split, locale preload) live in scripts/.
const SOURCES = ['client', 'contracts', 'vite.config.ts', 'package-lock.json', 'scripts/precompress.ts', 'scripts/blueprint-css-split.ts', 'scripts/preload-locale.ts', 'scripts/blueprint-icon-names.ts', 'scripts/blueprint-production.ts', 'scripts/public-messages.ts'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.existsSync(OUT) ? fs.statSync(OUT).mtimeMs : 0;
const sources = Math.max(...SOURCES.map(newestMtime));
if (built < sources) {
  console.log(built ? 'console sources changed: rebuilding…' : 'console not built yet: building…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn('npx', ['tsx', 'mock-server/main.ts', '--static', 'dist/client', '--mode', process.env.MOCK_MODE ?? 'production', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
