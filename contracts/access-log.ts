import type { VisitorRecord } from './calls/qr-codes-access.ts';
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

/**
 * What the rules need to know about the whole result set. Build once per result, O(n). The rules only ask
 * whether a /24 prefix or a user agent is shared by more than one distinct IP, so that is all it keeps: no
 * Set of IPs per key (100,000 visitors would fill sets with 100,000 hashed strings before the first paint).
 */
export interface VisitorContext {
  /** Another IP of the result has the same first three segments as `ip`. */
  sharesPrefix(ip: string): boolean;
  /** More than one distinct IP of the result has this user agent. */
  sharesUserAgent(userAgent: string): boolean;
}

/**
 * The first three segments of a canonical IPv4 address ('1.2.3' of '1.2.3.4': decimal 0–255, no leading
 * zero) as one number a·65536 + b·256 + c, -1 for anything else. A number key spares the 100,000 prefix
 * strings and their hashing that `ipPrefix3` would cost on a large result; canonical prefixes map to numbers
 * one to one, and every other prefix keeps its string key, so the two kinds never meet.
 */
function prefixKey(ip: string): number {
  let key = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46 /* . */) {
      if (dots === 3 || digits === 0) return -1;
      key = key * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else if (dots < 3) {
      if (c < 48 || c > 57 || (digits === 1 && octet === 0)) return -1;
      octet = octet * 10 + (c - 48);
      digits++;
      if (octet > 255) return -1;
    }
  }
  return dots === 3 ? key : -1;
}

/** The one IP seen with a key, or SHARED once a second distinct IP has been seen with it. */
const SHARED = true;
type Seen = string | typeof SHARED;
function see<K>(m: Map<K, Seen>, k: K, ip: string): void {
  const seen = m.get(k);
  if (seen === undefined) m.set(k, ip);
  else if (seen !== SHARED && seen !== ip) m.set(k, SHARED);
}

/**
 * Each index is built on its first question, in one pass over the records: the badges (asked while the table
 * first paints) need only the prefix index, the user-agent index waits for the counts and the
 * same-user-agent filter. `records` must not change afterwards (results are frozen).
 */
export function buildVisitorContext(records: readonly Visitor[]): VisitorContext {
  let prefixes: { byKey: Map<number, Seen>; byText: Map<string, Seen> } | undefined;
  let byUserAgent: Map<string, Seen> | undefined;
  const prefixIndex = () => {
    // No per-record allocation for canonical IPv4 (the /access_log table holds up to 100,000 visitors).
    const index = { byKey: new Map<number, Seen>(), byText: new Map<string, Seen>() };
    // Indexed loops here and below: built once per result on cold code, where for…of costs several times more.
    for (let i = 0; i < records.length; i++) {
      const r = records[i]!;
      const key = prefixKey(r.ip);
      if (key >= 0) see(index.byKey, key, r.ip);
      else see(index.byText, ipPrefix3(r.ip), r.ip);
    }
    return index;
  };
  return {
    sharesPrefix: (ip) => {
      prefixes ??= prefixIndex();
      const key = prefixKey(ip);
      return (key >= 0 ? prefixes.byKey.get(key) : prefixes.byText.get(ipPrefix3(ip))) === SHARED;
    },
    sharesUserAgent: (userAgent) => {
      if (!byUserAgent) {
        byUserAgent = new Map();
        for (let i = 0; i < records.length; i++) {
          const r = records[i]!;
          if (r.latest_user_agent) see(byUserAgent, r.latest_user_agent, r.ip);
        }
      }
      return byUserAgent.get(userAgent) === SHARED;
    },
  };
}

/** Badge kinds of §9, in the order the rules are checked; `info` has no Blueprint intent of its own. */
export const IP_BADGES = ['primary', 'info', 'warning', 'danger', 'success'] as const;
export type IpBadge = (typeof IP_BADGES)[number] | 'none';

export const IP_BADGE_RULES: readonly { badge: (typeof IP_BADGES)[number]; test: (r: Visitor, ctx: VisitorContext) => boolean }[] = [
  { badge: 'primary', test: (r) => r.ip_count >= 20 },
  { badge: 'info', test: (r) => r.ip_count > 9 },
  { badge: 'warning', test: (r, ctx) => ctx.sharesPrefix(r.ip) },
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
  same_user_agent: (r, ctx) => r.latest_user_agent !== '' && ctx.sharesUserAgent(r.latest_user_agent),
};

/**
 * How many records each filter button would keep (the live counts on the buttons). The same predicates as
 * ACCESS_LOG_FILTER_PREDICATES, evaluated once per field instead of once per filter (the carrier is looked up
 * once, not three times) — the page counts up to 100,000 visitors.
 */
export function accessLogFilterCounts(records: readonly Visitor[], ctx = buildVisitorContext(records)): Record<AccessLogFilter, number> {
  const counts = Object.fromEntries(ACCESS_LOG_FILTERS.map((f) => [f, 0])) as Record<AccessLogFilter, number>;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const carrier = carrierOf(r.latest_ip_belong);
    if (carrier) counts[carrier]++;
    if (isNonChina(r.latest_ip_belong)) counts.non_china++;
    const ua = r.latest_user_agent;
    if (isWeChat(ua)) counts.wechat++;
    if (isIos(ua)) counts.ios++;
    if (isAndroid(ua)) counts.android++;
    if (ACCESS_LOG_FILTER_PREDICATES.same_user_agent(r, ctx)) counts.same_user_agent++;
  }
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
