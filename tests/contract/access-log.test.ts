import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_LOG_FILTERS,
  DEVICE_MODELS,
  IP_BADGE_LEGEND,
  accessLogFilterCounts,
  applyAccessLogFilter,
  buildVisitorContext,
  deviceModelName,
  ipPrefix3,
  isAndroid,
  isIos,
  isNonChina,
  isWeChat,
  carrierOf,
  ipBadge,
  ipBadges,
  sourceParts,
  visitPath,
  visitUrl,
  type VisitorRecord,
} from '../../contracts/index.ts';
import { USER_AGENTS } from '../../fixtures/visitors.ts';

const visitor = (ip: string, over: Partial<VisitorRecord> = {}): VisitorRecord => ({
  domain: 'entry1.example.com',
  ip,
  ip_count: 1,
  latest_create_time: '2026-01-01 08:00:00',
  latest_ip_belong: '中国 广东 深圳 移动',
  latest_source: '',
  latest_user_agent: USER_AGENTS.safariIphone,
  ...over,
});

describe('IP badge rules (§9)', () => {
  const lone = [visitor('1.1.1.1')];
  it.each<[string, Partial<VisitorRecord>, string]>([
    ['ip_count 20 is primary', { ip_count: 20 }, 'primary'],
    ['ip_count 25 is primary', { ip_count: 25 }, 'primary'],
    ['ip_count 19 is info', { ip_count: 19 }, 'info'],
    ['ip_count 10 is info', { ip_count: 10 }, 'info'],
    ['ip_count 9 is not info', { ip_count: 9 }, 'none'],
    ['outside China is danger', { latest_ip_belong: '美国 旧金山' }, 'danger'],
    ['English location outside China is danger', { latest_ip_belong: 'United States' }, 'danger'],
    ['unknown location is nothing', { latest_ip_belong: '' }, 'none'],
    ['WeChat in China is success', { latest_user_agent: USER_AGENTS.wechatIphone }, 'success'],
    ['WeChat outside China is danger', { latest_user_agent: USER_AGENTS.wechatIphone, latest_ip_belong: '日本 东京' }, 'danger'],
    ['WeChat with English China location is success', { latest_user_agent: USER_AGENTS.wechatIphone, latest_ip_belong: 'China Guangdong' }, 'success'],
  ])('%s', (_name, over, badge) => {
    const r = visitor('1.1.1.1', over);
    expect(ipBadge(r, buildVisitorContext([...lone, r]))).toBe(badge);
  });

  it('same first three segments as another visitor is warning; the same IP twice (two domains) is not', () => {
    const a = visitor('112.224.5.7');
    const b = visitor('112.224.5.99');
    const c = visitor('112.224.6.1');
    const ctx = buildVisitorContext([a, b, c]);
    expect([ipBadge(a, ctx), ipBadge(b, ctx), ipBadge(c, ctx)]).toEqual(['warning', 'warning', 'none']);
    const twice = [visitor('9.9.9.9'), visitor('9.9.9.9', { domain: 'land1.example.com' })];
    expect(ipBadge(twice[0]!, buildVisitorContext(twice))).toBe('none');
  });

  it('the first rule met wins, in §9 order; ipBadges lists all of them', () => {
    const r = visitor('8.8.8.8', { ip_count: 30, latest_ip_belong: '美国' });
    const ctx = buildVisitorContext([r, visitor('8.8.8.9')]);
    expect(ipBadge(r, ctx)).toBe('primary');
    expect(ipBadges(r, ctx)).toEqual(['primary', 'info', 'warning', 'danger']);
  });

  it('the legend names each badge with a label key', () => {
    expect(IP_BADGE_LEGEND.map((l) => l.badge)).toEqual(['primary', 'info', 'warning', 'danger', 'success']);
    expect(IP_BADGE_LEGEND[0]!.labelKey).toBe('access_log.badges.primary');
  });
});

describe('access-log filters (§9)', () => {
  const records = [
    visitor('39.128.1.1', { latest_ip_belong: '中国 广东 深圳 移动', latest_user_agent: USER_AGENTS.wechatIphone }),
    visitor('112.224.5.7', { latest_ip_belong: '中国 山东 济南 联通', latest_user_agent: USER_AGENTS.wechatXiaomi }),
    visitor('112.224.5.99', { latest_ip_belong: '中国 山东 济南 联通', latest_user_agent: USER_AGENTS.wechatXiaomi }),
    visitor('113.64.1.1', { latest_ip_belong: '中国 广东 广州 电信', latest_user_agent: USER_AGENTS.chromeSamsung }),
    visitor('104.16.8.9', { latest_ip_belong: '美国 旧金山', latest_user_agent: USER_AGENTS.safariMac }),
    visitor('203.0.113.5', { latest_ip_belong: '', latest_user_agent: USER_AGENTS.chromeWindows }),
    visitor('1.0.0.1', { latest_ip_belong: 'China Mobile', latest_user_agent: USER_AGENTS.safariIphone }),
  ];

  it('counts every filter button', () => {
    expect(accessLogFilterCounts(records)).toEqual({
      mobile: 2,
      unicom: 2,
      telecom: 1,
      wechat: 3,
      non_china: 1,
      ios: 2,
      android: 3,
      same_user_agent: 2,
    });
  });

  it('applies one filter, or none', () => {
    expect(applyAccessLogFilter(records, 'unicom').map((r) => r.ip)).toEqual(['112.224.5.7', '112.224.5.99']);
    expect(applyAccessLogFilter(records, 'non_china').map((r) => r.ip)).toEqual(['104.16.8.9']);
    expect(applyAccessLogFilter(records, 'ios').map((r) => r.ip)).toEqual(['39.128.1.1', '1.0.0.1']);
    expect(applyAccessLogFilter(records, null)).toHaveLength(records.length);
    expect(ACCESS_LOG_FILTERS).toHaveLength(8);
  });
});

describe('device models and sources', () => {
  it('maps model codes to names, case-insensitively', () => {
    expect(deviceModelName('2211133C')).toBe('Xiaomi 13');
    expect(deviceModelName('sm-s9180')).toBe('Galaxy S23 Ultra');
    expect(deviceModelName('iPhone15,2')).toBe('iPhone 14 Pro');
    expect(deviceModelName('ALN-AL00')).toBe('HUAWEI Mate 60 Pro');
    expect(deviceModelName('nothing')).toBeUndefined();
    expect(Object.keys(DEVICE_MODELS).length).toBeGreaterThan(100);
  });

  it('splits latest_source on semicolons and names known models', () => {
    expect(sourceParts('2211133C;Android 13;WeChat 8.0.43')).toEqual(['Xiaomi 13', 'Android 13', 'WeChat 8.0.43']);
    expect(sourceParts(' ;iPhone; iOS 17.2 ;')).toEqual(['iPhone', 'iOS 17.2']);
    expect(sourceParts('')).toEqual([]);
  });
});

it('visit URLs carry the scan marker only when asked', () => {
  expect(visitPath('demo01')).toBe('/v/demo01');
  expect(visitUrl('http://127.0.0.1:8080/', 'demo01', { scan: true })).toBe('http://127.0.0.1:8080/v/demo01?s=1');
});

describe('visitor context and counts agree with their plain definitions', () => {
  // IP-like strings that hit both ways of keying a prefix: canonical IPv4, leading zeros, big or missing
  // segments, more or fewer dots, non-digits.
  const segment = fc.oneof(fc.integer({ min: 0, max: 3 }).map(String), fc.constantFrom('0', '00', '01', '255', '256', '', 'x', '1a'));
  const ipLike = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'));
  const uaLike = fc.constantFrom('', USER_AGENTS.safariIphone, USER_AGENTS.wechatIphone, USER_AGENTS.chromeSamsung);
  const belongLike = fc.constantFrom('', '中国 广东 深圳 移动', '中国 山东 济南 联通', 'China Telecom', '美国 旧金山');
  const distinctOver = (records: VisitorRecord[], key: (r: VisitorRecord) => string) => {
    const m = new Map<string, Set<string>>();
    for (const r of records) m.set(key(r), (m.get(key(r)) ?? new Set()).add(r.ip));
    return m;
  };

  it('shares a prefix / a user agent exactly when another distinct IP of the result has it', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ip: ipLike, latest_user_agent: uaLike }), { maxLength: 30 }), ipLike, (parts, probe) => {
        const records = parts.map((p) => visitor(p.ip, { latest_user_agent: p.latest_user_agent }));
        const ctx = buildVisitorContext(records);
        const prefixes = distinctOver(records, (r) => ipPrefix3(r.ip));
        const agents = distinctOver(records, (r) => r.latest_user_agent);
        for (const ip of [probe, ...records.map((r) => r.ip)]) expect(ctx.sharesPrefix(ip), ip).toBe((prefixes.get(ipPrefix3(ip))?.size ?? 0) > 1);
        for (const r of records)
          if (r.latest_user_agent) expect(ctx.sharesUserAgent(r.latest_user_agent)).toBe(agents.get(r.latest_user_agent)!.size > 1);
      }),
    );
  });

  it('accessLogFilterCounts equals counting each filter predicate', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ip: ipLike, latest_user_agent: uaLike, latest_ip_belong: belongLike }), { maxLength: 30 }), (parts) => {
        const records = parts.map((p) => visitor(p.ip, p));
        const counts = accessLogFilterCounts(records);
        const ctx = buildVisitorContext(records);
        const agents = distinctOver(records, (r) => r.latest_user_agent);
        expect(counts).toEqual({
          mobile: records.filter((r) => carrierOf(r.latest_ip_belong) === 'mobile').length,
          unicom: records.filter((r) => carrierOf(r.latest_ip_belong) === 'unicom').length,
          telecom: records.filter((r) => carrierOf(r.latest_ip_belong) === 'telecom').length,
          wechat: records.filter((r) => isWeChat(r.latest_user_agent)).length,
          non_china: records.filter((r) => isNonChina(r.latest_ip_belong)).length,
          ios: records.filter((r) => isIos(r.latest_user_agent)).length,
          android: records.filter((r) => isAndroid(r.latest_user_agent)).length,
          same_user_agent: records.filter((r) => r.latest_user_agent !== '' && agents.get(r.latest_user_agent)!.size > 1).length,
        });
        for (const f of ACCESS_LOG_FILTERS) expect(applyAccessLogFilter(records, f, ctx)).toHaveLength(counts[f]);
      }),
    );
  });
});
