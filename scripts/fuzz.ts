import { parseArgs } from 'node:util';
import { calls, type CallDef } from '../contracts/index.ts';
import { closeAgents, createFuzzEnv, families, fuzzCall, type FuzzStats } from '../harness/robustness/fuzz-runner.ts';

/**
 * `npm run fuzz -- [--runs N] [--seed S] [--call PREFIX]`: every registered call, N generated cases each
 * (valid and hostile, derived from its zod schema), through real HTTP to a real server on ':memory:'.
 * Prints call, cases, 2xx, 4xx, 5xx, slowest, then every broken rule; exits 1 when one was broken.
 */
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string', default: '20260101' }, call: { type: 'string' } },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) throw new Error('--runs and --seed take integers');

const selected = (calls as readonly CallDef[]).filter((c) => !values.call || c.path.startsWith(values.call));
const rows: FuzzStats[] = [];
const started = performance.now();
for (const [family, group] of families(selected)) {
  const env = await createFuzzEnv();
  try {
    for (const call of group) {
      const s = await fuzzCall(env, call, { runs, seed });
      rows.push(s);
      process.stderr.write(`${family}: ${call.path} done (${s.cases} cases, ${s.failures.length} broken)\n`);
    }
  } finally {
    await env.server.close();
  }
}

const table = rows.map((s) => ({
  call: s.call,
  as: s.identity,
  cases: s.cases,
  '2xx': s.s2xx,
  '4xx': s.s4xx,
  '5xx': s.s5xx,
  other: s.other,
  'slowest ms': Math.round(s.slowestMs),
  'slowest kind': s.slowestKind,
  broken: s.failures.length,
}));
console.log(`fuzz: ${rows.length} calls × ${runs} cases, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.table(table);
const total = rows.reduce((a, s) => ({ cases: a.cases + s.cases, s2xx: a.s2xx + s.s2xx, s4xx: a.s4xx + s.s4xx, s5xx: a.s5xx + s.s5xx }), { cases: 0, s2xx: 0, s4xx: 0, s5xx: 0 });
console.log(`total: ${total.cases} cases, ${total.s2xx} 2xx, ${total.s4xx} 4xx, ${total.s5xx} 5xx`);
const failures = rows.flatMap((s) => s.failures);
for (const f of failures.slice(0, 50)) console.log(`BROKEN ${f.call} [${f.kind}] ${f.problem}\n  request: ${f.request}\n  answer:  ${f.answer}`);
if (failures.length > 50) console.log(`… and ${failures.length - 50} more`);
closeAgents();
process.exit(failures.length ? 1 : 0);
