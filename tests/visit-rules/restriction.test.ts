import { describe, expect, it } from 'vitest';
import { decideVisit } from '../../mock-server/visit-rules/restriction.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';

const code = (visit_method: 1 | 2, visit_restriction: 1 | 2) => ({ visit_method, visit_restriction });

describe('visit restriction and visit method', () => {
  it('restriction 1 and method 1 admit anyone', () => {
    expect(decideVisit(code(1, 1), { userAgent: USER_AGENTS.chromeWindows, scanned: false })).toEqual({ allowed: true });
  });

  it.each([
    ['WeChat on iPhone', USER_AGENTS.wechatIphone, true],
    ['WeChat on Android', USER_AGENTS.wechatXiaomi, true],
    ['Safari on iPhone', USER_AGENTS.safariIphone, false],
    ['Chrome on Windows', USER_AGENTS.chromeWindows, false],
    ['empty user agent', '', false],
    ['lower-case micromessenger', 'Mozilla/5.0 micromessenger/8.0', true],
  ])('restriction 2 (WeChat only): %s → allowed %s', (_name, userAgent, allowed) => {
    expect(decideVisit(code(1, 2), { userAgent, scanned: true })).toEqual(allowed ? { allowed: true } : { allowed: false, reason: 1 });
  });

  it('method 2 (scan-only) needs the scan marker', () => {
    expect(decideVisit(code(2, 1), { userAgent: USER_AGENTS.safariIphone, scanned: true })).toEqual({ allowed: true });
    expect(decideVisit(code(2, 1), { userAgent: USER_AGENTS.safariIphone, scanned: false })).toEqual({ allowed: false, reason: 2 });
  });

  it('a WeChat-only scan-only code names the restriction first', () => {
    expect(decideVisit(code(2, 2), { userAgent: USER_AGENTS.chromeWindows, scanned: false })).toEqual({ allowed: false, reason: 1 });
    expect(decideVisit(code(2, 2), { userAgent: USER_AGENTS.wechatIphone, scanned: false })).toEqual({ allowed: false, reason: 2 });
  });
});
