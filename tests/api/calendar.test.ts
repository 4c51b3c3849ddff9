import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, dateTime, isCalendarDate, isCalendarDateTime } from '../../contracts/index.ts';
import { impossibleDates } from '../../harness/robustness/hostile.ts';
import { useApiServer } from '../helpers/api-server.ts';
import { extendExpiry } from '../../mock-server/money/arithmetic.ts';
import { formatDateTime } from '../../mock-server/services/clock.ts';
import { ok, refusalText } from '../helpers/qr.ts';
import { updateUser, userIdOf } from '../../fixtures/factories.ts';
import { valueOf } from '../../fixtures/rows.ts';

/**
 * Issue 20: date-times are real dates, checked in one place (contracts/envelope.ts), and a stored impossible
 * value from before never answers 500: it reads as no date, and an administrator can set a real one.
 */
describe('the calendar in the contracts', () => {
  it.each(['2026-02-30 00:00:00', '2025-13-45 99:99:99', '2026-02-29 12:00:00', '2026-04-31 00:00:00', '2026-01-01 24:00:00', '2026-01-01 23:60:00', '0000-01-01 00:00:00', '2026-00-10 00:00:00'])(
    'refuses %s',
    (text) => {
      expect(isCalendarDateTime(text)).toBe(false);
      expect(dateTime.safeParse(text).success).toBe(false);
    },
  );
  it.each(['2024-02-29 23:59:59', '2000-02-29 00:00:00', '2026-12-31 23:59:59', '2026-01-01 00:00:00'])('accepts %s', (text) => {
    expect(dateTime.parse(text)).toBe(text);
  });
  it('dates too', () => {
    expect(calendarDate.safeParse('1900-02-29').success).toBe(false);
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(isCalendarDate('2026-06-31')).toBe(false);
  });
  it('the fuzzer’s impossible dates match the pattern and are refused, for every date field', () => {
    fc.assert(
      fc.property(impossibleDates, (text) => {
        expect(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(text)).toBe(true);
        expect(text.length === 10 ? isCalendarDate(text) : isCalendarDateTime(text)).toBe(false);
      }),
      { numRuns: 2000, seed: 20261126 },
    );
  });
});

describe('over HTTP', () => {
  const api = useApiServer({}, { admin: 'admin01' });
  const C1 = () => userIdOf(api.t.db, 'customer01');

  it('an impossible member expiry is refused with a sentence, and nothing changes', async () => {
    const before = valueOf(api.t.db, 'users', 'member_expire_time', C1());
    const res = await api.t.call('user/update', { id: C1(), member_expire_time: '2026-02-30 00:00:00' }, api.tok.admin);
    expect(res.status).toBe(400);
    expect(refusalText(res.body)).toBe('member_expire_time: This date or time does not exist on the calendar');
    expect(valueOf(api.t.db, 'users', 'member_expire_time', C1())).toBe(before);
    const zh = await api.t.call('bill/inquire', { start_time: '2026-02-30 00:00:00' }, api.tok.admin, 'zh-CN');
    expect(refusalText(zh.body)).toBe('start_time: 日历上没有这个日期或时间');
  });

  it('a bad value stored before the check never answers 500: login, lists and a purchase read it as none; it can be fixed', async () => {
    updateUser(api.t.db, C1(), { member_expire_time: '2025-13-45 99:99:99' });
    const customer = await api.t.login('customer01');
    const me = ok<{ user_info: { member_expire_time: string | null } }>(await api.t.call('admin/user_info', {}, customer));
    expect(me.user_info.member_expire_time).toBeNull();
    const list = ok<{ content: { id: number; member_expire_time: string | null }[] }>(await api.t.call('user/inquire', { account: 'customer01' }, api.tok.admin));
    expect(list.content.find((u) => u.id === C1())!.member_expire_time).toBeNull();
    // Creating what a membership pays for is refused as for an expired one (402), not a 500.
    expect((await api.t.call('domain/add', { domain: 'calendar-check.example.com' }, customer)).status).toBe(402);
    // A purchase extends from now, never to NaN-NaN-NaN.
    const now = api.t.services.clock.now();
    expect(extendExpiry('2025-13-45 99:99:99', now, 30)).toBe(formatDateTime(now + 30 * 86_400_000));
    expect(extendExpiry('2026-02-30 00:00:00', now, 1)).toBe(formatDateTime(now + 86_400_000));
    const fixed = await api.t.call('user/update', { id: C1(), member_expire_time: '2030-01-01 00:00:00' }, api.tok.admin);
    expect(ok<{ member_expire_time: string }>(fixed).member_expire_time).toBe('2030-01-01 00:00:00');
  });
});
