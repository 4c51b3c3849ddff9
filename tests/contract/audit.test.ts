import { describe, expect, it } from 'vitest';
import { calls, isAudited, writeVerbOf, type CallDef } from '../../contracts/index.ts';

/**
 * Which calls the audit log records (issue 9 §5): an administrator's successful call is written when the call
 * declares `audit: true`, or declares nothing and its path's verb is a write verb. A new call whose verb says
 * neither must declare it, so nothing that changes data slips by unaudited.
 */
const registered = calls as readonly CallDef[];

describe('audit declaration', () => {
  it('every registered call declares `audit` or has a verb that tells read from write', () => {
    const unclear = registered.filter((c) => c.audit === undefined && writeVerbOf(c.path) === undefined).map((c) => c.path);
    expect(unclear, 'declare `audit: true | false` on these calls').toEqual([]);
  });

  it.each([
    ['qr_code_list/remove', true],
    ['qr_code_list/qr_code_remove', true],
    ['qr_code_list/update_remove', true],
    ['url_key_platform/add', true],
    ['pay_config/update', true],
    ['message/send', true],
    ['message/clear', true],
    ['user/force_refresh', true],
    ['user/disconnect', true],
    ['qr_code_access/clear_access_history', true],
    ['qr_code_access/restore_access_records', true],
    ['admin/update_password', true],
    ['qr_code_list/details', false],
    ['qr_code_list/inquire', false],
    ['qr_code_access/public_enquiry', false],
    ['qr_code_access/export_access_records', false],
    ['security/public_key', false],
    ['ping', false],
    // Audited as their own events (login, login_failed, logout, register) by the handlers, for every role.
    ['admin/login', false],
    ['admin/logout', false],
    ['admin/register', false],
  ])('%s → audited %s', (path, audited) => {
    const call = registered.find((c) => c.path === path);
    expect(call, path).toBeDefined();
    expect(isAudited(call!)).toBe(audited);
  });
});
