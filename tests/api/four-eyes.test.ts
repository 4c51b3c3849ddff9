import { describe, expect, it } from 'vitest';
import { LogType } from '../../contracts/index.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { ok, refusalChecker } from '../helpers/qr.ts';
import { lastRowOf, updateLogType, userIdOf, type LogRow as AuditLogRow } from '../../fixtures/factories.ts';

/**
 * Issue 20, four eyes on money: nobody changes their own balance, approves or rejects their own withdrawal, or
 * resets their own password without the old one; every balance adjustment and review names its actor and the
 * user acted on in the audit log, even with the administrator log type switched off.
 */
const PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const api = useApiServer({}, { admin: 'admin01', superadmin: 'superadmin', agent: 'agent01' });
const idOf = (account: string) => userIdOf(api.t.db, account);
const refusedUnchanged = refusalChecker(() => api.t);

type LogRow = Pick<AuditLogRow, 'user_id' | 'account' | 'source' | 'target_ids'>;
const lastLog = (source: string) =>
  lastRowOf<LogRow>(api.t.db, 'logs', { source }, ['user_id', 'account', 'source', 'target_ids']);

describe('balance changes', () => {
  it('are refused on oneself (administrator and super administrator) and change nothing', async () => {
    await refusedUnchanged('user/change_balance', { id: idOf('admin01'), amount_micro: 1_000_000, remark: 'mine' }, api.tok.admin, 403, /your own balance/);
    await refusedUnchanged('user/change_balance', { id: idOf('superadmin'), amount_micro: 1_000_000, remark: 'mine' }, api.tok.superadmin, 403, /your own balance/);
  });

  it('are refused on a peer or a higher rank', async () => {
    await refusedUnchanged('user/change_balance', { id: idOf('superadmin'), amount_micro: 1_000_000, remark: 'up' }, api.tok.admin, 403, /equal to or above/);
  });

  it('name the actor and the user in the audit log even when administrator changes are not recorded', async () => {
    updateLogType(api.t.db, LogType.values.admin_write, { record_status: 2 });
    try {
      ok(await api.t.call('user/change_balance', { id: idOf('agent01'), amount_micro: 2_000_000, remark: 'bonus' }, api.tok.admin));
      const row = lastLog('user/change_balance');
      expect(row).toMatchObject({ user_id: idOf('admin01'), account: 'admin01' });
      expect(JSON.parse(row!.target_ids)).toEqual({ id: idOf('agent01'), target_user_ids: [idOf('agent01')] });
      // A management write is not forced: the switch still applies to it.
      ok(await api.t.call('user/force_refresh', { id: idOf('agent01') }, api.tok.admin));
      expect(lastLog('user/force_refresh')).toBeUndefined();
    } finally {
      updateLogType(api.t.db, LogType.values.admin_write, { record_status: 1 });
    }
  });
});

describe('withdrawals', () => {
  it('nobody reviews their own request; another administrator of higher rank does, and the log names both', async () => {
    ok(await api.t.call('user/change_balance', { id: idOf('admin01'), amount_micro: 50_000_000, remark: 'float' }, api.tok.superadmin));
    const w = ok<{ id: number }>(await api.t.call('withdrawal/add', { amount_micro: 20_000_000, address: PAYEE }, api.tok.admin));
    await refusedUnchanged('withdrawal/approve', { id: w.id }, api.tok.admin, 403, /review your own withdrawal/);
    await refusedUnchanged('withdrawal/reject', { id: w.id, reason: 'changed my mind' }, api.tok.admin, 403, /review your own withdrawal/);
    const rejected = ok<{ status: number }>(await api.t.call('withdrawal/reject', { id: w.id, reason: 'not this week' }, api.tok.superadmin));
    expect(rejected.status).toBe(3);
    const row = lastLog('withdrawal/reject');
    expect(row).toMatchObject({ user_id: idOf('superadmin'), account: 'superadmin' });
    expect(JSON.parse(row!.target_ids)).toMatchObject({ id: w.id, target_user_ids: [idOf('admin01')] });
  });

  it("an administrator reviews an agent's request but not another administrator's", async () => {
    ok(await api.t.call('user/change_balance', { id: idOf('agent01'), amount_micro: 30_000_000, remark: 'float' }, api.tok.admin));
    const w = ok<{ id: number }>(await api.t.call('withdrawal/add', { amount_micro: 10_000_000, address: PAYEE }, api.tok.agent));
    const done = ok<{ status: number }>(await api.t.call('withdrawal/reject', { id: w.id, reason: 'checked' }, api.tok.admin));
    expect(done.status).toBe(3);
  });
});

describe('passwords', () => {
  it('reset_password is never on oneself', async () => {
    await refusedUnchanged('user/reset_password', { id: idOf('admin01') }, api.tok.admin, 403, /personal center/);
    await refusedUnchanged('user/reset_password', { id: idOf('superadmin') }, api.tok.superadmin, 403, /personal center/);
  });
});
