import { calls, OWNED_LISTS, OWNED_REFS, type CallDef } from '../contracts/index.ts';
import { authzMatrix, matrixRows } from '../harness/robustness/authz.ts';
import { closeAgents, createFuzzEnv } from '../harness/robustness/fuzz-runner.ts';
import { describeList } from '../harness/robustness/owned-rows.ts';
import { checkList, checkRef, customers, prepareOwnerRows } from '../harness/robustness/owner.ts';
import { rankMatrix, rankRows } from '../harness/robustness/rank.ts';

/**
 * `npm run audit:authz`: the authorization matrix (every call × anonymous, customer, agent, admin, super,
 * disabled, expired; ✗ marks an answer the registry's declaration does not allow), then the owner checks of
 * contracts/ownership.ts (customer02 naming customer01's rows), and the rank and self cells of calls acting on
 * a user. Exits 1 when anything is broken.
 */
const registered = calls as readonly CallDef[];
const env = await createFuzzEnv();
const cells = await authzMatrix(env.server, registered);
console.log(`authorization matrix: ${registered.length} calls × 7 identities (status per cell; ✗ = breaks the declaration)`);
console.table(matrixRows(cells));
const brokenCells = cells.filter((c) => !c.ok);
console.log(`${cells.length - brokenCells.length}/${cells.length} cells as declared`);

// Rank and self identities (issue 20): every call declaring `target`, each caller on every rank and on itself.
const rankCells = await rankMatrix(env.server, env.ctx);
console.log('\nrank and self: who may act on whom (status per target; ✗ = breaks docs/decisions/2026-11-26-rank-and-self.md)');
console.table(rankRows(rankCells));
const brokenRank = rankCells.filter((c) => !c.ok);
console.log(`${rankCells.length - brokenRank.length}/${rankCells.length} rank and self cells as decided`);

// The matrix's empty bodies may clear or remove rows (message/clear as admin): owner checks get a fresh server.
await env.server.close();
const ownerEnv = await createFuzzEnv();
const { c1, c2 } = customers(ownerEnv.server);
await prepareOwnerRows(ownerEnv.server, c1);
const ownerRows: Record<string, string | number>[] = [];
let brokenOwner = 0;
for (const list of OWNED_LISTS) {
  const problems = await checkList(ownerEnv.server, list, { c1, c2 });
  brokenOwner += problems.length;
  ownerRows.push({ call: describeList(list), field: '(list)', answers: '', verdict: problems.length ? `✗ ${problems[0]}` : 'isolated' });
}
for (const [path, refs] of Object.entries(OWNED_REFS)) {
  for (const [field, ref] of Object.entries(refs ?? {})) {
    const r = await checkRef(ownerEnv, registered.find((c) => c.path === path)!, field, ref, { c1, c2 });
    brokenOwner += r.problems.length;
    const answers = Object.entries(r.statuses).map(([s, n]) => `${n}×${s}`).join(' ');
    ownerRows.push({ call: path, field, answers, verdict: r.problems.length ? `✗ ${r.problems[0]!.slice(0, 120)}` : 'refused / nothing shown' });
  }
}
console.log('\nowner checks: customer02 names customer01’s rows');
console.table(ownerRows);
console.log(`${ownerRows.length} owner checks, ${brokenOwner} problems`);
await ownerEnv.server.close();
closeAgents();
process.exit(brokenCells.length || brokenOwner || brokenRank.length ? 1 : 0);
