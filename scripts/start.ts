import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BUILD_SOURCES, newestMtime } from '../harness/build.ts';

/**
 * `npm start`: build the console when dist/client is missing or older than its sources, then run the mock
 * server serving it, the API and the WebSocket on one port (PORT, HOST, MOCK_DB honoured by the server).
 */
const OUT = 'dist/client/index.html';
const built = fs.existsSync(OUT) ? fs.statSync(OUT).mtimeMs : 0;
const sources = Math.max(...BUILD_SOURCES.map(newestMtime));
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
