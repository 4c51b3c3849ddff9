import { describe, expect, it } from 'vitest';
import { calls, callsByPath } from '../../contracts/index.ts';
import { handlers } from '../../mock-server/handlers/index.ts';
import { startTestServer } from '../../harness/server.ts';

/**
 * Spec §7 calls and the foundation issue's calls, by our path. `built: false` marks a call whose area has not
 * landed yet: it may be missing from the registry. Every registered call must have a handler.
 */
const SPEC_CALLS: { path: string; built: boolean }[] = [
  ...['add', 'update_url', 'share_access', 'change_domain_name', 'batch_update', 'update_restriction_visit',
    'update_open_log', 'update_remove', 'get_ip', 'qr_code_remove', 'inquire', 'user_inquire', 'details', 'update',
    'remove'].map((c) => ({ path: `qr_code_list/${c}`, built: true })),
  ...['inquire', 'export_access_records', 'restore_access_records', 'clear_access_history', 'clear_record',
    'public_enquiry'].map((c) => ({ path: `qr_code_access/${c}`, built: true })),
  { path: 'pay_config/inquire', built: true },
  { path: 'pay_config/update', built: true },
  ...['add', 'inquire', 'update', 'remove'].map((c) => ({ path: `url_key_platform/${c}`, built: true })),
  // Paths not shown in the spec; ours:
  { path: 'admin/register', built: true },
  { path: 'admin/login', built: true },
  { path: 'admin/logout', built: true },
  { path: 'admin/user_info', built: true },
  { path: 'admin/update_password', built: true },
  { path: 'security/public_key', built: true },
  { path: 'website_info/inquire', built: true },
  { path: 'language_list/inquire', built: true },
  { path: 'mall_category/inquire', built: true },
  { path: 'menu/token_menu', built: true },
  { path: 'ping', built: true },
  ...['inquire', 'update_notify_status', 'list', 'send', 'clear'].map((c) => ({ path: `message/${c}`, built: true })),
  { path: 'user/force_refresh', built: true },
  { path: 'user/disconnect', built: true },
];

describe('call registry', () => {
  it.each(SPEC_CALLS.filter((c) => c.built))('$path is registered', ({ path }) => {
    expect(callsByPath.has(path)).toBe(true);
  });

  it('every registered call has a server handler', () => {
    const missing = calls.map((c) => c.path).filter((p) => !(p in handlers));
    expect(missing).toEqual([]);
  });

  it('no handler answers a path the registry does not know', () => {
    expect(Object.keys(handlers).filter((p) => !callsByPath.has(p))).toEqual([]);
  });

  it('paths are unique and spec calls not built yet are listed honestly', () => {
    expect(new Set(calls.map((c) => c.path)).size).toBe(calls.length);
    const stale = SPEC_CALLS.filter((c) => !c.built && callsByPath.has(c.path)).map((c) => c.path);
    // A call marked "not built" that is registered must be flipped to built in this list.
    expect(stale).toEqual([]);
  });

  it('the OpenAPI 3.1 document lists every registered call with its access', async () => {
    const t = await startTestServer();
    try {
      const res = await fetch(`${t.url}/api/openapi.json`);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, { post: { 'x-access': unknown } }> };
      expect(doc.openapi).toBe('3.1.0');
      for (const c of calls) expect(doc.paths[`/api/${c.path}`]?.post['x-access']).toEqual(c.access);
    } finally {
      await t.close();
    }
  });
});
