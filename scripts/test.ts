import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECTS, type ProjectName } from '../vitest.config.ts';

/**
 * `npm test`, the one full run (CI runs exactly this): the typecheck, lint and the first-load bundle budget side
 * by side (two of them use one core each, the build the rest), then every vitest project in one vitest run
 * (browser suites included). It ends with the time each stage took and the one plain line CI reads:
 * `N passed, N failed`. Any failing step makes the exit code non-zero.
 *
 * `npm run test:fast` is the inner loop: every project but e2e, no typecheck, lint or build (tests/README.md).
 * Arguments after `--` go to vitest (`npm test -- tests/api/auth.test.ts`).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp');
const extra = process.argv.slice(2);
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };

interface Stage {
  name: string;
  ok: boolean;
  ms: number;
}

/** Runs a command; its output is printed when it ends (stages that run side by side do not interleave). */
function run(name: string, cmd: string, args: string[], { live = false } = {}): Promise<Stage> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      const stage = { name, ok: code === 0, ms: performance.now() - started };
      if (!live) process.stdout.write(`\n> ${name}: ${cmd} ${args.join(' ')}\n${Buffer.concat(out).toString()}`);
      resolve(stage);
    });
  });
}

fs.mkdirSync(TMP, { recursive: true });
const started = performance.now();
const checks = await Promise.all([
  // Incremental: the build info under .tmp/ makes a second run check only what changed since (~30 % of a cold run).
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.tmp/tsbuildinfo']),
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0', '--cache', '--cache-location', '.tmp/eslintcache']),
  // Builds the console once (the browser suites reuse the fresh build) and fails over the first-load budget.
  run('build and bundle budget', 'npx', ['tsx', 'scripts/bench-bundle.ts']),
]);

const report = path.join(TMP, 'vitest-report.json');
fs.rmSync(report, { force: true });
console.log(`\n> vitest: every project (${Object.keys(PROJECTS).join(', ')})`);
const vitest = await run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], { live: true });

interface FileResult {
  name: string;
  status: string;
  message?: string;
  startTime: number;
  endTime: number;
  assertionResults: unknown[];
}
let passed = 0;
let failed = 0;
const perProject = new Map<ProjectName, { files: number; tests: number; first: number; last: number; busy: number }>();
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; testResults: FileResult[] };
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  // A suite that failed to load has no failing test of its own; count it so it cannot look green.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.message && !/Test.*failed/i.test(s.message)).length;
  for (const file of r.testResults) {
    const rel = path.relative(ROOT, file.name);
    const project = (Object.keys(PROJECTS) as ProjectName[]).find((p) => PROJECTS[p].some((dir) => rel.startsWith(`${dir}/`)));
    if (!project) continue;
    const p = perProject.get(project) ?? { files: 0, tests: 0, first: Infinity, last: 0, busy: 0 };
    p.files += 1;
    p.tests += file.assertionResults.length;
    p.first = Math.min(p.first, file.startTime);
    p.last = Math.max(p.last, file.endTime);
    p.busy += file.endTime - file.startTime;
    perProject.set(project, p);
  }
}
for (const stage of checks) if (!stage.ok) failed += 1;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nTime per stage (typecheck, lint and the build ran side by side, then vitest):');
for (const stage of [...checks, vitest]) console.log(`  ${stage.name.padEnd(26)}${s(stage.ms).padStart(9)}  ${stage.ok ? 'ok' : 'FAILED'}`);
console.log('  vitest projects (they share the workers: span from first file start to last file end; file time summed):');
for (const [name, p] of [...perProject].sort((a, b) => b[1].busy - a[1].busy)) {
  console.log(`    ${name.padEnd(24)}${s(p.last - p.first).padStart(9)} span  ${s(p.busy).padStart(9)} in files  ${p.files} files, ${p.tests} tests`);
}
console.log(`  ${'total'.padEnd(26)}${s(performance.now() - started).padStart(9)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(checks.every((c) => c.ok) && vitest.ok && passed > 0 ? 0 : 1);
