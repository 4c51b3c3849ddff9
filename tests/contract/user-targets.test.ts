import { describe, expect, it } from 'vitest';
import { calls, isAudited, namesUser, NOT_USER_TARGETS, targetRefusal, type CallDef } from '../../contracts/index.ts';

/**
 * Issue 20: a write that names a user by id declares what it does to that user (`target` in defineCall), so
 * the router's rank and self rule covers it; a new call that forgets fails here, naming the call and field.
 */
const registered = calls as readonly CallDef[];

/** Top-level keys of a request schema (through refinements and pipes). */
function keysOf(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown; schema?: unknown } } } | undefined;
  for (let i = 0; i < 6 && s; i++) {
    if (s.shape) return Object.keys(s.shape);
    const d = s._zod?.def;
    s = (d?.in ?? d?.innerType ?? d?.schema) as typeof s;
  }
  return [];
}

describe('user targets are declared once on the contract', () => {
  it('every write naming a user declares `target` or is listed in NOT_USER_TARGETS with a reason', () => {
    const undeclared = registered
      .filter((c) => isAudited(c) && !c.target && !(c.path in NOT_USER_TARGETS))
      .flatMap((c) => keysOf(c.request).filter((k) => namesUser(c.path, k)).map((k) => `${c.path}: ${k}`));
    expect(undeclared).toEqual([]);
  });

  it('declarations name a field the request has, and exemptions name registered calls', () => {
    const stale = registered.filter((c) => c.target && !keysOf(c.request).includes(c.target.field)).map((c) => c.path);
    expect(stale).toEqual([]);
    for (const path of Object.keys(NOT_USER_TARGETS)) expect(registered.some((c) => c.path === path), path).toBe(true);
  });

  it('the money, password and user-screen calls are declared with the right action', () => {
    const action = (path: string) => registered.find((c) => c.path === path)?.target?.action;
    expect(action('user/change_balance')).toBe('money');
    expect(action('user/reset_password')).toBe('password');
    expect(action('withdrawal/approve')).toBe('review');
    expect(action('withdrawal/reject')).toBe('review');
    expect(action('user/force_refresh')).toBe('manage');
    expect(action('user/disconnect')).toBe('manage');
    expect(action('administrators/update')).toBe('manage');
    expect(action('user/remove')).toBe('manage');
  });

  it('the rule: strictly below, peers only between super administrators and never for money, oneself only to manage', () => {
    const u = (id: number, role_kind: string) => ({ id, role_kind });
    expect(targetRefusal('money', u(1, 'admin'), u(1, 'admin'))).toBe('errors.target_self_money');
    expect(targetRefusal('review', u(1, 'admin'), u(1, 'admin'))).toBe('errors.target_self_money');
    expect(targetRefusal('password', u(1, 'super_admin'), u(1, 'super_admin'))).toBe('errors.target_self_password');
    expect(targetRefusal('manage', u(1, 'admin'), u(1, 'admin'))).toBeNull();
    expect(targetRefusal('manage', u(1, 'admin'), u(2, 'admin'))).toBe('errors.target_rank');
    expect(targetRefusal('manage', u(1, 'admin'), u(2, 'super_admin'))).toBe('errors.target_rank');
    expect(targetRefusal('money', u(1, 'super_admin'), u(2, 'super_admin'))).toBe('errors.target_rank');
    expect(targetRefusal('password', u(1, 'super_admin'), u(2, 'super_admin'))).toBeNull();
    expect(targetRefusal('money', u(1, 'admin'), u(2, 'agent'))).toBeNull();
    expect(targetRefusal('money', u(1, 'agent'), u(2, 'agent'))).toBe('errors.target_rank');
    expect(targetRefusal('manage', u(1, 'admin'), u(2, 'mystery'))).toBeNull();
    expect(targetRefusal('manage', u(1, 'mystery'), u(2, 'customer'))).toBe('errors.target_rank');
  });
});
