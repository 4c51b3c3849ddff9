import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * `npm test`: typecheck, lint, the first-load bundle budget, then every vitest suite (browser tests included), ending with the one plain
 * line CI reads: `N passed, N failed`. Any failing step makes the exit code non-zero.
 */
const extra = process.argv.slice(2);
const run = (cmd: string, args: string[]) => {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } }).status === 0;
};

const typecheck = run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
const lint = run('npx', ['eslint', '.', '--max-warnings=0']);
// Builds the console once (the browser suites reuse the fresh build) and fails over the first-load budget.
const bundle = run('npx', ['tsx', 'scripts/bench-bundle.ts']);
fs.mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
fs.rmSync(report, { force: true });
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);

let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; testResults: { status: string; message?: string; name: string }[] };
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  // A suite that failed to load has no failing test of its own; count it so it cannot look green.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.message && !/Test.*failed/i.test(s.message)).length;
}
if (!typecheck) failed += 1;
if (!lint) failed += 1;
if (!bundle) failed += 1;
console.log(
  `\ntypecheck: ${typecheck ? 'ok' : 'FAILED'}, lint: ${lint ? 'ok' : 'FAILED'}, bundle budget: ${bundle ? 'ok' : 'FAILED'}, vitest: ${vitest ? 'ok' : 'FAILED'}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(typecheck && lint && bundle && vitest && passed > 0 ? 0 : 1);
