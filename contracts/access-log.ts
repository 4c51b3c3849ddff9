import type { VisitorRecord } from './calls/qr-code-access.ts';
import { deviceModelName } from './device-models.ts';

/**
 * The /access_log page's rules (spec §9), as pure functions over §3 visitor records so the console, the tests
 * and the server agree. Location text is the service's: '中国 广东 深圳 移动'; English words are accepted too.
 */
type Visitor = Pick<VisitorRecord, 'ip' | 'ip_count' | 'latest_ip_belong' | 'latest_user_agent'>;

const CHINA = /^\s*(中国|China\b)/i;
export const isChina = (belong: string): boolean => CHINA.test(belong);
/** Unknown location ('') is neither China nor outside it. */
export const isNonChina = (belong: string): boolean => belong.trim() !== '' && !CHINA.test(belong);
export const isWeChat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);
export const isIos = (userAgent: string): boolean => /iPhone|iPad|iPod|\biOS\b/i.test(userAgent);
export const isAndroid = (userAgent: string): boolean => /Android/i.test(userAgent);

const CARRIER_WORDS = {
  mobile: /移动|mobile/i,
  unicom: /联通|unicom/i,
  telecom: /电信|telecom/i,
} as const;
export type CarrierKey = keyof typeof CARRIER_WORDS;
export function carrierOf(belong: string): CarrierKey | null {
  for (const key of Object.keys(CARRIER_WORDS) as CarrierKey[]) if (CARRIER_WORDS[key].test(belong)) return key;
  return null;
}

/** The first three segments of an IPv4 address ('1.2.3' of '1.2.3.4'). */
export const ipPrefix3 = (ip: string): string => {
  const last = ip.lastIndexOf('.');
  return last === -1 ? ip : ip.slice(0, last);
};

/** What the rules need to know about the whole result set. Build once per result, O(n). */
export interface VisitorContext {
  /** Distinct IPs per /24 prefix. */
  readonly prefixIps: ReadonlyMap<string, number>;
  /** Distinct IPs per user agent. */
  readonly userAgentIps: ReadonlyMap<string, number>;
}

export function buildVisitorContext(records: readonly Visitor[]): VisitorContext {
  // Most keys have one IP: keep that IP as a string and make a Set only for a second distinct one, so a
  // 100,000-visitor result (the /access_log table) does not allocate 100,000 Sets.
  const prefixIps = new Map<string, string | Set<string>>();
  const uaIps = new Map<string, string | Set<string>>();
  const add = (m: Map<string, string | Set<string>>, k: string, ip: string) => {
    const seen = m.get(k);
    if (seen === undefined) m.set(k, ip);
    else if (typeof seen === 'string') {
      if (seen !== ip) m.set(k, new Set([seen, ip]));
    } else seen.add(ip);
  };
  for (const r of records) {
    add(prefixIps, ipPrefix3(r.ip), r.ip);
    if (r.latest_user_agent) add(uaIps, r.latest_user_agent, r.ip);
  }
  const sizes = (m: Map<string, string | Set<string>>) => {
    const out = new Map<string, number>();
    for (const [k, v] of m) out.set(k, typeof v === 'string' ? 1 : v.size);
    return out;
  };
  return { prefixIps: sizes(prefixIps), userAgentIps: sizes(uaIps) };
}

/** Badge kinds of §9, in the order the rules are checked; `info` has no Blueprint intent of its own. */
export const IP_BADGES = ['primary', 'info', 'warning', 'danger', 'success'] as const;
export type IpBadge = (typeof IP_BADGES)[number] | 'none';

export const IP_BADGE_RULES: readonly { badge: (typeof IP_BADGES)[number]; test: (r: Visitor, ctx: VisitorContext) => boolean }[] = [
  { badge: 'primary', test: (r) => r.ip_count >= 20 },
  { badge: 'info', test: (r) => r.ip_count > 9 },
  { badge: 'warning', test: (r, ctx) => (ctx.prefixIps.get(ipPrefix3(r.ip)) ?? 0) > 1 },
  { badge: 'danger', test: (r) => isNonChina(r.latest_ip_belong) },
  { badge: 'success', test: (r) => isWeChat(r.latest_user_agent) && isChina(r.latest_ip_belong) },
];

/** Every badge rule the record meets, in rule order. */
export function ipBadges(record: Visitor, ctx: VisitorContext): (typeof IP_BADGES)[number][] {
  return IP_BADGE_RULES.filter((rule) => rule.test(record, ctx)).map((rule) => rule.badge);
}

/**
 * The one badge shown on the IP: the first rule met in §9's order (count ≥ 20, count > 9, shared /24, outside
 * China, WeChat in China), 'none' otherwise.
 */
export function ipBadge(record: Visitor, ctx: VisitorContext): IpBadge {
  return IP_BADGE_RULES.find((rule) => rule.test(record, ctx))?.badge ?? 'none';
}

/** The status legend: one entry per badge with its label key (`access_log.badges.<badge>`). */
export const IP_BADGE_LEGEND = IP_BADGES.map((badge) => ({ badge, labelKey: `access_log.badges.${badge}` }));

/** Filter buttons of §9, in display order. */
export const ACCESS_LOG_FILTERS = ['mobile', 'unicom', 'telecom', 'wechat', 'non_china', 'ios', 'android', 'same_user_agent'] as const;
export type AccessLogFilter = (typeof ACCESS_LOG_FILTERS)[number];

export const ACCESS_LOG_FILTER_PREDICATES: Readonly<Record<AccessLogFilter, (r: Visitor, ctx: VisitorContext) => boolean>> = {
  mobile: (r) => carrierOf(r.latest_ip_belong) === 'mobile',
  unicom: (r) => carrierOf(r.latest_ip_belong) === 'unicom',
  telecom: (r) => carrierOf(r.latest_ip_belong) === 'telecom',
  wechat: (r) => isWeChat(r.latest_user_agent),
  non_china: (r) => isNonChina(r.latest_ip_belong),
  ios: (r) => isIos(r.latest_user_agent),
  android: (r) => isAndroid(r.latest_user_agent),
  /** Visitors whose user agent another IP of the result also has. */
  same_user_agent: (r, ctx) => r.latest_user_agent !== '' && (ctx.userAgentIps.get(r.latest_user_agent) ?? 0) > 1,
};

/** How many records each filter button would keep (the live counts on the buttons). */
export function accessLogFilterCounts(records: readonly Visitor[], ctx = buildVisitorContext(records)): Record<AccessLogFilter, number> {
  const counts = Object.fromEntries(ACCESS_LOG_FILTERS.map((f) => [f, 0])) as Record<AccessLogFilter, number>;
  for (const r of records) for (const f of ACCESS_LOG_FILTERS) if (ACCESS_LOG_FILTER_PREDICATES[f](r, ctx)) counts[f]++;
  return counts;
}

/** Records kept by the active filter (null = all). */
export function applyAccessLogFilter<R extends Visitor>(records: readonly R[], filter: AccessLogFilter | null, ctx = buildVisitorContext(records)): R[] {
  if (!filter) return [...records];
  const keep = ACCESS_LOG_FILTER_PREDICATES[filter];
  return records.filter((r) => keep(r, ctx));
}

/** `latest_source` split on semicolons, model codes replaced by their names where the lookup knows them. */
export function sourceParts(source: string): string[] {
  return source
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => deviceModelName(p) ?? p);
}
