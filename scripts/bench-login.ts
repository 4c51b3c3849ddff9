import { parseArgs } from 'node:util';
import { OWASP_SCRYPT } from '../mock-server/services/passwords.ts';
import { startTestServer } from '../harness/server.ts';
import { closeAgents } from '../harness/robustness/fuzz-runner.ts';
import { measureLoginTiming } from '../harness/robustness/login-timing.ts';

/**
 * `npm run bench:login -- [--pairs N]`: with the production scrypt cost (N=2^17, r=8, p=1), how long a wrong
 * password for a known account takes against a login for an unknown one. The promise: medians within 20 ms.
 */
const { values } = parseArgs({ options: { pairs: { type: 'string', default: '30' } } });
const pairs = Number(values.pairs);
if (!Number.isInteger(pairs) || pairs < 1) throw new Error('--pairs takes a positive integer');

const seeding = performance.now();
const server = await startTestServer({ scrypt: OWASP_SCRYPT });
console.log(`server seeded with scrypt N=${OWASP_SCRYPT.N}, r=${OWASP_SCRYPT.r}, p=${OWASP_SCRYPT.p} in ${Math.round(performance.now() - seeding)} ms`);
try {
  const t = await measureLoginTiming(server, { pairs });
  const row = (name: string, xs: number[], median: number, p90: number) => ({
    attempt: name,
    n: xs.length,
    'min ms': xs.length ? Math.round(Math.min(...xs)) : 0,
    'median ms': Math.round(median),
    'p90 ms': Math.round(p90),
    'max ms': xs.length ? Math.round(Math.max(...xs)) : 0,
  });
  console.table([row('known account, wrong password', t.known, t.medianKnown, t.p90Known), row('unknown account', t.unknown, t.medianUnknown, t.p90Unknown)]);
  const ok = Math.abs(t.pairedMedian) <= 20;
  console.log(`difference of medians ${t.medianGap.toFixed(1)} ms; median of back-to-back differences (unknown − known) ${t.pairedMedian.toFixed(1)} ms`);
  console.log(`verdict (limit 20 ms, on the back-to-back median): ${ok ? 'ok' : 'TOO LARGE'}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.close();
  closeAgents();
}
