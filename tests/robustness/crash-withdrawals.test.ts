import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRASH_PAYEE, verifyWithdrawals } from '../../harness/robustness/crash-withdrawals.ts';
import { ok } from '../helpers/qr.ts';
import { chainTransactionOf, insertChainTransaction } from '../../fixtures/factories.ts';
import { useApiServer } from '../helpers/api-server.ts';

/** The crash rounds' withdrawal checks can fail: each one finds the damage it is there to find. */
const { t, tok } = useApiServer({}, { admin: 'admin01', agent: 'agent01' });
let approvedId: number;
let hash: string;
let rejectedId: number;

beforeAll(async () => {
  const { admin, agent } = tok;
  expect((await request(t.server).post('/__control/chain/send').send({ amount_micro: 100_000_000 })).status).toBe(200);
  const add = async () => ok<{ id: number }>(await t.call('withdrawal/add', { amount_micro: 10_000_000, address: CRASH_PAYEE }, agent)).id;
  approvedId = await add();
  hash = ok<{ tx_hash: string }>(await t.call('withdrawal/approve', { id: approvedId }, admin)).tx_hash;
  rejectedId = await add();
  ok(await t.call('withdrawal/reject', { id: rejectedId, reason: 'test' }, admin));
});

const acks = () => ({ requested: [approvedId, rejectedId].map((id) => ({ id, amount_micro: 10_000_000 })), approved: [{ id: approvedId, hash }], rejected: [rejectedId] });

describe('verifyWithdrawals', () => {
  it('passes the real outcome', () => {
    expect(verifyWithdrawals(t.db, acks())).toEqual({ lost: [], problems: [] });
  });

  it('reports an acknowledged request, approval or rejection that is not in the file', () => {
    const { lost } = verifyWithdrawals(t.db, { requested: [{ id: 999, amount_micro: 1 }], approved: [{ id: rejectedId, hash }], rejected: [approvedId] });
    expect(lost).toHaveLength(3);
  });

  it('reports a second payout of one request (what a payout committed apart from its status could leave behind)', () => {
    // Damage made by hand inside a transaction that is rolled back, so the file stays as the server left it.
    // (A second refund cannot be faked this way: the ledger's triggers refuse a bill out of sequence.)
    const damaged = t.db.transaction(() => {
      insertChainTransaction(t.db, { ...chainTransactionOf(t.db, { hash })!, hash: `${hash}x` });
      const found = verifyWithdrawals(t.db, acks()).problems;
      throw Object.assign(new Error('rollback'), { found });
    });
    try {
      damaged();
    } catch (e) {
      expect((e as { found: string[] }).found).toEqual(['1 withdrawals paid out twice']);
      return;
    }
    throw new Error('unreachable');
  });
});
