import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Precompression of the built console (issue 25): `<file>.br` and `<file>.gz` beside every text asset, at the
 * highest levels (brotli 11, gzip 9): done once per build, so the server spends no CPU on them and the
 * mock serves the smallest file the browser accepts (mock-server/http/static-site.ts). A variant that is not
 * smaller than the original is not written (the server then sends the file as it is).
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than a TCP packet and costs a header: not worth a file. */
const MIN_BYTES = 256;

export interface PrecompressResult {
  files: number;
  bytes: number;
  br: number;
  gzip: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest folder is build metadata, never served.
      if (entry.name !== '.vite') walk(full, out);
    } else if (COMPRESSIBLE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Write `.br`/`.gz` beside each compressible file of `dir` (recursively); stale variants are replaced. */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, br: 0, gzip: 0 };
  for (const file of walk(dir)) {
    const raw = fs.readFileSync(file);
    for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    result.files += 1;
    result.bytes += raw.length;
    if (br.length < raw.length) {
      fs.writeFileSync(`${file}.br`, br);
      result.br += br.length;
    }
    if (gz.length < raw.length) {
      fs.writeFileSync(`${file}.gz`, gz);
      result.gzip += gz.length;
    }
  }
  return result;
}

/** Vite plugin: precompress the output folder once the bundle is written (production builds only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir || !fs.existsSync(outDir)) return;
      const r = precompressDir(outDir);
      const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
      this.info?.(`precompressed ${r.files} files: ${kib(r.bytes)} → br ${kib(r.br)}, gzip ${kib(r.gzip)}`);
    },
  };
}
