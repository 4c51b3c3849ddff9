import type { Database } from 'better-sqlite3';
import { hexOf, parseIp, parseIpRange, type IpRange } from '../../contracts/index.ts';

/** The two lists and what each guards (decision: docs/decisions/2026-11-23-system-tools.md). */
export type IpBlackList = 'ip_black' | 'server_ip_black';

/** The stored columns of an entry (issue 20: IPv6 too; `*_num` only for IPv4, -1 for IPv6). */
export function storedRange(range: IpRange): { ip: string; start_hex: string; end_hex: string; start_num: number; end_num: number } {
  const v4 = range.startHex.startsWith('00000000000000000000ffff') && range.endHex.startsWith('00000000000000000000ffff');
  return {
    ip: range.text,
    start_hex: range.startHex,
    end_hex: range.endHex,
    start_num: v4 ? parseInt(range.startHex.slice(24), 16) : -1,
    end_num: v4 ? parseInt(range.endHex.slice(24), 16) : -1,
  };
}

/** The loopback networks (127.0.0.0/8 and ::1): never on the console list (it would lock out the mock's own machine). */
export const LOOPBACKS: readonly IpRange[] = [parseIpRange('127.0.0.0/8')!, parseIpRange('::1')!];

export const coversHex = (r: Pick<IpRange, 'startHex' | 'endHex'>, hex: string) => r.startHex <= hex && hex <= r.endHex;
export const overlapsHex = (a: Pick<IpRange, 'startHex' | 'endHex'>, b: Pick<IpRange, 'startHex' | 'endHex'>) =>
  a.startHex <= b.endHex && b.startHex <= a.endHex;

/**
 * Lookups read the table on every request (one indexed query), so an added or removed entry counts at once,
 * with no cache to invalidate and no restart. Any spelling of the address is read (IPv6, IPv4-mapped, odd IPv4
 * forms); an unreadable one matches nothing.
 */
export function createIpBlackCheck(db: Database, list: IpBlackList) {
  // The table name is one of two constants, never input.
  const hit = db.prepare(`SELECT id, ip FROM ${list} WHERE start_hex <= ? AND end_hex >= ? ORDER BY id LIMIT 1`);
  return (ip: string | undefined): { id: number; ip: string } | undefined => {
    const parsed = parseIp(ip ?? '');
    if (!parsed) return undefined;
    const hex = hexOf(parsed.bytes);
    return hit.get(hex, hex) as { id: number; ip: string } | undefined;
  };
}
