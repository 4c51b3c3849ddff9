/**
 * `npx tsx scripts/bundle-modules.ts [--top N]`: what each source module costs the first load of /admin_login
 * (issue 25). Builds the console with hidden sourcemaps into a temporary folder (dist/client is left alone),
 * takes the same first-load chunks as `npm run bench:bundle` (the entry, its static imports, the larger public
 * language bundle) and shares each chunk's gzip size out by the generated characters each source module maps
 * to (characters no mapping covers — the bundler's glue — are shown as `(unmapped)`). A measurement aid, not
 * a test: gzip does not split exactly along modules, so the figures are shares, summing to the chunk sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 60;
const OUT = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-modules-'));

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
}
interface SourceMap {
  sources: string[];
  mappings: string;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Base64 VLQ values of one mapping segment (the sourcemap v3 encoding). */
function vlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Generated characters per source file of one chunk (`(unmapped)` for the rest). */
function charsBySource(code: string, map: SourceMap): Map<string, number> {
  const lines = code.split('\n');
  const out = new Map<string, number>();
  const add = (k: string, n: number) => n > 0 && out.set(k, (out.get(k) ?? 0) + n);
  let source = 0;
  map.mappings.split(';').forEach((line, i) => {
    const length = lines[i]?.length ?? 0;
    let col = 0;
    let from = 0;
    let current: string | null = null;
    for (const seg of line ? line.split(',') : []) {
      const v = vlq(seg);
      col += v[0];
      add(current ?? '(unmapped)', col - from);
      if (v.length >= 4) {
        source += v[1];
        current = map.sources[source];
      } else current = null;
      from = col;
    }
    add(current ?? '(unmapped)', length - from);
  });
  return out;
}

await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { manifest: true, sourcemap: 'hidden', outDir: OUT, emptyOutDir: true },
});
const manifest = JSON.parse(fs.readFileSync(path.join(OUT, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const d of manifest[key].imports ?? []) closure(d, seen);
  return seen;
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const initial = closure(entry);
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(OUT, file)), { level: 9 }).length;
// As bench-bundle.ts: the larger public language bundle (with what it imports beyond the entry) joins the load.
const locales = Object.keys(manifest).filter((k) => /locales\/[^/]+\.ts$/.test(manifest[k].src ?? '') && !/-session\.ts$/.test(manifest[k].src ?? ''));
const localeSets = locales.map((k) => [...closure(k)].filter((x) => !initial.has(x)));
const largest = localeSets.sort((a, b) => b.reduce((n, k) => n + gz(manifest[k].file), 0) - a.reduce((n, k) => n + gz(manifest[k].file), 0))[0] ?? [];

const byModule = new Map<string, number>();
const byChunk: [string, number][] = [];
for (const key of [...initial, ...largest]) {
  const file = manifest[key].file;
  const code = fs.readFileSync(path.join(OUT, file), 'utf8');
  const mapFile = path.join(OUT, file + '.map');
  // A chunk with no map (the bundler's runtime) is glue of its own.
  const map: SourceMap = fs.existsSync(mapFile)
    ? (JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap)
    : { sources: [], mappings: '' };
  const size = gz(file);
  byChunk.push([file, size]);
  const chars = charsBySource(code, map);
  const total = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [src, n] of chars) {
    const name = src === '(unmapped)' ? `(unmapped in ${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')})` : src.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'npm:');
    byModule.set(`${name}`, (byModule.get(name) ?? 0) + (size * n) / total);
  }
}
fs.rmSync(OUT, { recursive: true, force: true });

const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
const pkgOf = (m: string) => m.startsWith('(') ? '(unmapped)' : (m.startsWith('npm:') ? m.slice(4).split('/').slice(0, m.startsWith('npm:@') ? 2 : 1).join('/') : m.split('/')[0]);
const byPackage = new Map<string, number>();
for (const [m, n] of byModule) byPackage.set(pkgOf(m), (byPackage.get(pkgOf(m)) ?? 0) + n);

const total = byChunk.reduce((n, [, s]) => n + s, 0);
console.log(`\nFirst load of /admin_login: ${kib(total)} gzip in ${byChunk.length} chunks`);
for (const [f, s] of byChunk.sort((a, b) => b[1] - a[1])) console.log(`  ${f.padEnd(60)}${kib(s)}`);
console.log(`\nBy package / top folder:`);
for (const [p, n] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${p.padEnd(60)}${kib(n)}`);
console.log(`\nTop ${top} modules:`);
for (const [m, n] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${m.padEnd(90)}${kib(n)}`);
