import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { processAlive } from './process-alive.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

let compiled: Promise<string> | undefined;

/**
 * `mock-server/main.ts` and every module of ours it imports, compiled once per process into one ES module, for
 * harnesses that start the server many times (the crash rounds restart it twenty times). Each start under tsx
 * compiles and links some 330 TypeScript modules through its loader thread: about 2.4 s of CPU here, against
 * 0.8 s for this file. Packages stay imports that Node resolves from the repository's node_modules (the file is
 * written under node_modules/.cache), as under tsx; `import.meta.dirname` and `import.meta.url` keep the value
 * they have in their own source file. Removed when the process exits, or by a later compile once its process is
 * gone. `npm run mock` and the tests of the command itself still start it with tsx.
 */
export function compiledMockMain(): Promise<string> {
  return (compiled ??= compile());
}

async function compile(): Promise<string> {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'qr-mock');
  // A vitest worker is often ended without its exit handlers: its file is removed by the next compile instead.
  for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = /^main-(\d+)\.mjs$/.exec(f)?.[1];
    if (pid && !processAlive(Number(pid))) fs.rmSync(path.join(dir, f), { force: true });
  }
  const outfile = path.join(dir, `main-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'mock-server', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'own-import-meta',
        setup(build) {
          build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
            const source = await fs.promises.readFile(file, 'utf8');
            const contents = source
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href));
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  process.once('exit', () => fs.rmSync(outfile, { force: true }));
  return outfile;
}
